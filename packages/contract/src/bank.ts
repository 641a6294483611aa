import { z } from 'zod';
import {
  idField,
  idParam,
  idParamsSchema,
  isInPlannedYears,
  isoDateTimeSchema,
  pageCursorSchema,
  pagedResultSchema,
  plannedYearsMessage,
} from './common.js';
import { defineRoute, multipart } from './define-route.js';
import { harvestYearField, harvestYearQueryField } from './subscription.js';

/**
 * The farm's euro bank (docs/product/money.md, "Euros", decision 077): what members owe and paid, in integer
 * cents. Every status change is one database transaction with an audit row; the member reaches one
 * transaction without logging in through its unguessable `publicId`.
 */
export const bankLimits = {
  descriptionMax: 140,
  /** € 100 000: a typo beyond that, not a subscription. */
  amountMaxCents: 10_000_000,
  searchMax: 100,
  /** The members one answer of `members` holds (the BankManager's picker): typing narrows the rest. */
  membersShown: 20,
  /** A user's transactions list: page 1, 20 rows (docs/product/api-and-routes.md, "Paging"). */
  userRowsPerPage: 20,
  managerRowsPerPageMax: 200,
  /** Bank statement files (CODA, CAMT.053). */
  statementMaxBytes: 5 * 1024 * 1024,
  statementMaxLines: 20_000,
  /** The mollie page shows this many of the latest webhook calls. */
  webhookCallsShown: 50,
} as const;

export const transactionStatuses = ['open', 'paid', 'cancelled'] as const;
export const transactionStatusSchema = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** How a transaction was paid: `online` is Mollie, `transfer` a bank transfer (also from a bank file). */
export const paidViaValues = ['transfer', 'online', 'cash', 'manual'] as const;
export const paidViaSchema = z.enum(paidViaValues);
export type PaidVia = z.infer<typeof paidViaSchema>;
/** What a manager may choose when marking paid by hand. */
export const manualPaidViaSchema = z.enum(['transfer', 'cash', 'manual'], {
  error: 'Kies hoe er betaald is: overschrijving, cash of manueel.',
});

/** The unguessable id in `/account/membership/{publicId}` (32 base64url characters). */
export const publicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Deze betaallink bestaat niet.');
export const publicIdParamsSchema = z.object({ publicId: publicIdSchema });

/** A calendar day `YYYY-MM-DD` in the planned years. */
export const dayField = (what: string) =>
  z
    .string({ error: `Vul ${what} in.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Vul ${what} in als datum (JJJJ-MM-DD).`)
    // A day that exists: Date.parse alone rolls 30 February over into March.
    .refine(
      (value) => new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().slice(0, 10) === value,
      `Vul ${what} in als geldige datum.`,
    )
    .refine((value) => isInPlannedYears(`${value}T00:00:00Z`), plannedYearsMessage);

export const amountCentsField = z
  .number({ error: 'Vul een bedrag in.' })
  .int('Het bedrag is in centen: een geheel getal.')
  .min(1, 'Het bedrag is minstens € 0,01.')
  .max(bankLimits.amountMaxCents, `Het bedrag is hoogstens € ${bankLimits.amountMaxCents / 100}.`);

const descriptionField = z
  .string({ error: 'Vul een omschrijving in.' })
  .trim()
  .min(1, 'Vul een omschrijving in.')
  .max(bankLimits.descriptionMax, `De omschrijving is hoogstens ${bankLimits.descriptionMax} tekens lang.`);

/** The farm's bank account that members transfer to (shown on the payment page, in the QR code). */
export const payeeSchema = z.object({
  name: z.string(),
  /** Normalised: upper case, no spaces. */
  iban: z.string(),
  bic: z.string().nullable(),
});
export type Payee = z.infer<typeof payeeSchema>;

/** What a member sees of one transaction (mine, or through its public link). */
export const memberTransactionSchema = z.object({
  publicId: z.string(),
  amountCents: z.number().int(),
  description: z.string(),
  harvestYear: z.number().int(),
  subscriptionId: z.number().int().nullable(),
  subscriptionName: z.string().nullable(),
  status: transactionStatusSchema,
  /** YYYY-MM-DD */
  dueDate: z.string(),
  /** The 12 digits; shown as `+++123/4567/89012+++`. */
  structuredReference: z.string(),
  paidAt: isoDateTimeSchema.nullable(),
  paidVia: paidViaSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type MemberTransaction = z.infer<typeof memberTransactionSchema>;

/** `GET Bank/{publicId}` (no login): the transaction, the farm's account and whether online payment works. */
export const publicTransactionSchema = memberTransactionSchema.extend({
  farmName: z.string(),
  /** Null while the farm has not entered its bank account. */
  payee: payeeSchema.nullable(),
  /** The farm has a working Mollie key and the transaction is open. */
  canPayOnline: z.boolean(),
});
export type PublicTransaction = z.infer<typeof publicTransactionSchema>;

/** `GET mollie/CreatePayment/{publicId}`: where to send the browser. */
export const createPaymentAnswerSchema = z.object({ checkoutUrl: z.string() });

/**
 * `GET paymentReturn/{publicId}`: the real state after coming back from Mollie, asked of Mollie by the
 * server (never taken from the URL). `failed`/`expired`/`canceled` are the last online attempt's state
 * while the transaction is still open.
 */
export const paymentReturnSchema = z.object({
  publicId: z.string(),
  status: z.enum(['paid', 'open', 'pending', 'failed', 'expired', 'canceled', 'cancelled']),
  amountCents: z.number().int(),
  description: z.string(),
  farmName: z.string(),
});
export type PaymentReturn = z.infer<typeof paymentReturnSchema>;

/** One audit row: every status change and every edit of a transaction. */
export const transactionEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  kind: z.enum([
    'created',
    'updated',
    'paid',
    'cancelled',
    'payment-started',
    'payment-flagged',
    'reopened',
    'refunded',
    'reminder-sent',
  ]),
  fromStatus: transactionStatusSchema.nullable(),
  toStatus: transactionStatusSchema.nullable(),
  paidVia: paidViaSchema.nullable(),
  amountCents: z.number().int().nullable(),
  /** Who did it; null for Mollie's webhook or a bank file. */
  actorName: z.string().nullable(),
  /** e.g. the Mollie payment id or the bank file line; a free note. */
  detail: z.string(),
});
export type TransactionEvent = z.infer<typeof transactionEventSchema>;

/** A transaction as a BankManager sees it. */
export const managedTransactionSchema = memberTransactionSchema.extend({
  id: z.number().int(),
  /** Null once the member was deleted; the transaction stays with the name they had. */
  userId: z.number().int().nullable(),
  payerName: z.string(),
  userEmail: z.string().nullable(),
  paymentProviderId: z.string().nullable(),
  updatedAt: isoDateTimeSchema,
});
export type ManagedTransaction = z.infer<typeof managedTransactionSchema>;

export const managedTransactionDetailSchema = managedTransactionSchema.extend({
  events: z.array(transactionEventSchema),
});
export type ManagedTransactionDetail = z.infer<typeof managedTransactionDetailSchema>;

/** `POST applicationManager/bank/Paged`: the bank screen and a user's transactions (`userId`). */
export const transactionPagedQuerySchema = z.object({
  page: z.number().int().min(1).default(1),
  rowsPerPage: z
    .number()
    .int()
    .min(1)
    .max(bankLimits.managerRowsPerPageMax)
    .default(bankLimits.userRowsPerPage),
  harvestYear: harvestYearField.optional(),
  status: transactionStatusSchema.optional(),
  subscriptionId: idField('subscriptionId').optional(),
  userId: idField('userId').optional(),
  /** Only open transactions past their due date (the to-do list's link, decision 092). */
  overdue: z.boolean().optional(),
  /** Name, e-mail, description or structured reference (digits). */
  search: z.string().trim().max(bankLimits.searchMax).optional(),
  after: pageCursorSchema.optional(),
});
export type TransactionPagedQuery = z.input<typeof transactionPagedQuerySchema>;
export const pagedTransactionsSchema = pagedResultSchema(managedTransactionSchema);
export type PagedTransactions = z.infer<typeof pagedTransactionsSchema>;

/** `GET applicationManager/bank?harvestYear=`: counts and sums per status, to account for every euro. */
export const bankSummarySchema = z.object({
  harvestYear: z.number().int(),
  open: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  paid: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  cancelled: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  /** Paid by way: transfer, online, cash, manual. */
  paidBy: z.record(paidViaSchema, z.number().int()),
});
export type BankSummary = z.infer<typeof bankSummarySchema>;
export const bankSummaryQuerySchema = z.object({ harvestYear: harvestYearQueryField.optional() });

/** `POST applicationManager/bank/MembershipCreate`: a member's subscription becomes something to pay. */
export const membershipCreateBodySchema = z.object({
  userId: idField('userId'),
  subscriptionId: idField('subscriptionId'),
  /** Default: the household's price of the subscription. */
  amountCents: amountCentsField.optional(),
  description: descriptionField.optional(),
  /** Default: 30 days from today. */
  dueDate: dayField('de vervaldatum').optional(),
});
export type MembershipCreateBody = z.input<typeof membershipCreateBodySchema>;

/**
 * `POST applicationManager/bank/members`: the members a BankManager picks from ("Nieuwe transactie", the
 * list's member filter) with their subscriptions of a harvest year; the users list and the subscription
 * routes are the ApplicationManager's.
 */
export const bankMembersBodySchema = z.object({
  /** Part of the first or last name or the e-mail; without it, the first members by name. */
  search: z
    .string({ error: 'Zoek met een naam of e-mailadres.' })
    .trim()
    .max(bankLimits.searchMax, `Zoek met hoogstens ${bankLimits.searchMax} tekens.`)
    .optional(),
  /** Default: the current one. */
  harvestYear: harvestYearField.optional(),
  /** Only this member (their own page, where the name alone may not find them). */
  userId: idField('userId').optional(),
});
export type BankMembersBody = z.input<typeof bankMembersBodySchema>;
export const bankMemberSubscriptionSchema = z.object({
  subscriptionId: z.number().int(),
  name: z.string(),
  harvestYear: z.number().int(),
  /** What the member's household pays for it (adults × adult price + children × child price). */
  priceCents: z.number().int(),
  /** An open or paid transaction exists for it: a new one would be refused (TRANSACTION_EXISTS). */
  hasLiveTransaction: z.boolean(),
});
export type BankMemberSubscription = z.infer<typeof bankMemberSubscriptionSchema>;
export const bankMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  subscriptions: z.array(bankMemberSubscriptionSchema),
});
export type BankMember = z.infer<typeof bankMemberSchema>;

/** `GET applicationManager/bank/subscriptions?harvestYear=`: the list's subscription filter. */
export const bankSubscriptionsQuerySchema = z.object({ harvestYear: harvestYearQueryField.optional() });
export const bankSubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  harvestYear: z.number().int(),
});
export type BankSubscription = z.infer<typeof bankSubscriptionSchema>;

/** `POST applicationManager/bank/Update`: an open transaction's amount, description or due date. */
export const transactionUpdateBodySchema = z.object({
  id: idField('id'),
  amountCents: amountCentsField,
  description: descriptionField,
  dueDate: dayField('de vervaldatum'),
});
export type TransactionUpdateBody = z.input<typeof transactionUpdateBodySchema>;

export const markPaidBodySchema = z.object({
  via: manualPaidViaSchema,
  /** Default: now. */
  paidOn: dayField('de betaaldatum').optional(),
  note: z.string().trim().max(200, 'De notitie is hoogstens 200 tekens lang.').default(''),
});
export type MarkPaidBody = z.input<typeof markPaidBodySchema>;

/** Why a paid transaction is reopened or refunded (ADR 093): kept in its history. */
export const reopenBodySchema = z.object({
  reason: z
    .string({ error: 'Schrijf waarom je deze betaling terugdraait.' })
    .trim()
    .min(3, 'Schrijf waarom je deze betaling terugdraait (minstens 3 tekens).')
    .max(200, 'De reden is hoogstens 200 tekens lang.'),
});
export type ReopenBody = z.input<typeof reopenBodySchema>;

/** Several transactions at once (the bank list's selection): at most a page of 100. */
export const bulkIdsSchema = z
  .array(idField())
  .min(1, 'Kies minstens één transactie.')
  .max(100, 'Kies hoogstens 100 transacties tegelijk.');

export const bulkMarkPaidBodySchema = markPaidBodySchema.extend({ ids: bulkIdsSchema });
export type BulkMarkPaidBody = z.input<typeof bulkMarkPaidBodySchema>;
export const bulkRemindBodySchema = z.object({ ids: bulkIdsSchema });
export type BulkRemindBody = z.input<typeof bulkRemindBodySchema>;

/** What happened to one transaction of a bulk action: done, or why not (in Dutch). */
export const bulkRowResultSchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  /** A contract error code when not ok (`TRANSACTION_ALREADY_HANDLED`, `NOT_FOUND`, …). */
  code: z.string().nullable(),
  message: z.string(),
});
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;
export const bulkResultSchema = z.object({ results: z.array(bulkRowResultSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * When payment reminders go out by themselves (ADR 093): the first `firstAfterDays` after the due date,
 * then every `everyDays`, at most `maxCount`; `enabled` false sends none.
 */
export const reminderScheduleSchema = z.object({
  enabled: z.boolean(),
  firstAfterDays: z.number().int(),
  everyDays: z.number().int(),
  maxCount: z.number().int(),
});
export type ReminderSchedule = z.infer<typeof reminderScheduleSchema>;
export const reminderScheduleBodySchema = z.object({
  enabled: z.boolean({ error: 'Kies of herinneringen vanzelf vertrekken.' }),
  firstAfterDays: z
    .number({ error: 'Vul een aantal dagen in.' })
    .int('Vul een geheel aantal dagen in.')
    .min(1, 'De eerste herinnering vertrekt minstens 1 dag na de vervaldatum.')
    .max(365, 'Kies hoogstens 365 dagen.'),
  everyDays: z
    .number({ error: 'Vul een aantal dagen in.' })
    .int('Vul een geheel aantal dagen in.')
    .min(1, 'Tussen twee herinneringen zit minstens 1 dag.')
    .max(365, 'Kies hoogstens 365 dagen.'),
  maxCount: z
    .number({ error: 'Vul een aantal in.' })
    .int('Vul een geheel aantal in.')
    .min(1, 'Stuur minstens 1 herinnering, of zet ze uit.')
    .max(10, 'Stuur hoogstens 10 herinneringen.'),
});
export type ReminderScheduleBody = z.input<typeof reminderScheduleBodySchema>;

/** A member whose reminders are paused. */
export const reminderPauseSchema = z.object({
  userId: z.number().int(),
  paused: z.boolean(),
});
export type ReminderPause = z.infer<typeof reminderPauseSchema>;
export const reminderPauseBodySchema = z.object({
  paused: z.boolean({ error: 'Kies of de herinneringen gepauzeerd zijn.' }),
});

/** The farm's bank account and due-date default (`applicationManager/bank/settings`). */
export const bankSettingsSchema = z.object({
  accountName: z.string(),
  iban: z.string(),
  bic: z.string(),
  /** Days from creation to the due date of a new transaction. */
  dueDays: z.number().int(),
});
export type BankSettings = z.infer<typeof bankSettingsSchema>;
export const bankSettingsBodySchema = z.object({
  accountName: z
    .string({ error: 'Vul de naam van de rekeninghouder in.' })
    .trim()
    .min(1, 'Vul de naam van de rekeninghouder in.')
    .max(70, 'De naam is hoogstens 70 tekens lang (zo staat hij in de QR-code).'),
  /** Checked with mod-97 on the server (`isValidIban`). */
  iban: z
    .string({ error: 'Vul het IBAN-rekeningnummer in.' })
    .trim()
    .min(1, 'Vul het IBAN-rekeningnummer in.')
    .max(42),
  bic: z
    .string()
    .trim()
    .max(11)
    .regex(/^$|^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'Dit is geen geldige BIC-code.')
    .default(''),
  dueDays: z
    .number({ error: 'Vul het aantal dagen in.' })
    .int('Het aantal dagen is een geheel getal.')
    .min(0, 'Het aantal dagen kan niet negatief zijn.')
    .max(365, 'Hoogstens 365 dagen.')
    .default(30),
});
export type BankSettingsBody = z.input<typeof bankSettingsBodySchema>;

/** `create-yearly-transactions`: what a run would make, per subscription. */
export const yearlyTransactionsPreviewSchema = z.object({
  harvestYear: z.number().int(),
  count: z.number().int(),
  totalCents: z.number().int(),
  subscriptions: z.array(
    z.object({
      subscriptionId: z.number().int(),
      name: z.string(),
      count: z.number().int(),
      totalCents: z.number().int(),
    }),
  ),
});
export type YearlyTransactionsPreview = z.infer<typeof yearlyTransactionsPreviewSchema>;
export const yearlyTransactionsQuerySchema = z.object({ harvestYear: harvestYearQueryField });
export const yearlyTransactionsBodySchema = z.object({
  harvestYear: harvestYearField,
  dueDate: dayField('de vervaldatum'),
});
export type YearlyTransactionsBody = z.input<typeof yearlyTransactionsBodySchema>;
export const yearlyTransactionsResultSchema = z.object({
  harvestYear: z.number().int(),
  created: z.number().int(),
  totalCents: z.number().int(),
});

/** Payment e-mails: generated and stored for review, then confirmed (sent through the job queue). */
export const paymentEmailKindSchema = z.enum(['needed', 'reminder']);
export type PaymentEmailKind = z.infer<typeof paymentEmailKindSchema>;
export const pendingPaymentEmailSchema = z.object({
  id: z.number().int(),
  kind: paymentEmailKindSchema,
  userId: z.number().int(),
  transactionId: z.number().int(),
  toName: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  /** The plain-text body, for review. */
  text: z.string(),
  amountCents: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type PendingPaymentEmail = z.infer<typeof pendingPaymentEmailSchema>;
export const generateEmailsBodySchema = z.object({ harvestYear: harvestYearField.optional() });
export const generateEmailsResultSchema = z.object({
  /** E-mails newly stored for review by this call. */
  generated: z.number().int(),
  /** Members skipped: no e-mail address, or a mail for that transaction is already waiting. */
  skipped: z.number().int(),
});
export const userEmailParamsSchema = z.object({ userId: idParam('userId') });
export const userTransactionEmailParamsSchema = z.object({
  userId: idParam('userId'),
  transactionId: idParam('transactionId'),
});
export const confirmEmailsBodySchema = z.object({
  /** Only these waiting e-mails; all of the kind when absent. */
  ids: z.array(idField('ids')).max(5000).optional(),
});
export const confirmEmailsResultSchema = z.object({ queued: z.number().int() });

/** Bank statement import (CODA or CAMT.053). */
export const statementLineOutcomeSchema = z.enum([
  'paid', // matched: the transaction is now paid
  'partial', // less than the transaction's amount: flagged, the transaction stays open
  'overpaid', // more than the amount: flagged, the transaction stays open
  'already-paid', // the transaction was paid (or cancelled) already: flagged
  'unmatched', // no valid structured reference of ours: for manual matching
  'matched-by-hand', // a manager matched it to a transaction
  'ignored', // a manager set it aside
  'debit', // money out: not ours to match
]);
export type StatementLineOutcome = z.infer<typeof statementLineOutcomeSchema>;
export const statementLineSchema = z.object({
  id: z.number().int(),
  bookingDate: z.string(),
  amountCents: z.number().int(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  structuredReference: z.string().nullable(),
  communication: z.string().nullable(),
  outcome: statementLineOutcomeSchema,
  transactionId: z.number().int().nullable(),
  /** The matched or referenced transaction's member and amount, for the manager's eyes. */
  transactionLabel: z.string().nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const statementImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(['coda', 'camt053']),
  accountIban: z.string().nullable(),
  importedAt: isoDateTimeSchema,
  importedByName: z.string().nullable(),
  /** True when this exact file was imported before: nothing changed, this is the earlier import. */
  alreadyImported: z.boolean(),
  counts: z.object({
    lines: z.number().int(),
    paid: z.number().int(),
    flagged: z.number().int(),
    unmatched: z.number().int(),
    /** Lines already seen in an earlier file (overlapping statements): skipped. */
    skipped: z.number().int(),
  }),
});
export type StatementImport = z.infer<typeof statementImportSchema>;
export const statementImportDetailSchema = statementImportSchema.extend({
  lines: z.array(statementLineSchema),
});
export type StatementImportDetail = z.infer<typeof statementImportDetailSchema>;
export const statementLineParamsSchema = z.object({ lineId: idParam('lineId') });
export const matchLineBodySchema = z.object({ transactionId: idField('transactionId') });

/** The Mollie connection (`/applicationManager/mollie`). */
export const mollieStatusSchema = z.object({
  configured: z.boolean(),
  /** e.g. `test_••••••••AbC1`; never the whole key. */
  maskedKey: z.string().nullable(),
  connection: z
    .discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), mode: z.enum(['test', 'live']) }),
      z.object({ ok: z.literal(false), message: z.string() }),
    ])
    .nullable(),
  webhookUrl: z.string(),
  webhookCalls: z.array(
    z.object({
      id: z.number().int(),
      receivedAt: isoDateTimeSchema,
      paymentId: z.string(),
      /** Mollie's status of the payment when fetched, if it could be fetched. */
      mollieStatus: z.string().nullable(),
      /** What it did: `paid`, `unchanged`, `unknown-payment`, `provider-unavailable`, … */
      outcome: z.string(),
      transactionId: z.number().int().nullable(),
    }),
  ),
});
export type MollieStatus = z.infer<typeof mollieStatusSchema>;
export const mollieKeyBodySchema = z.object({
  apiKey: z
    .string({ error: 'Vul de API-sleutel van Mollie in.' })
    .trim()
    .regex(
      /^(test|live)_[A-Za-z0-9]{30,}$/,
      'Een Mollie-sleutel begint met test_ of live_ gevolgd door minstens 30 letters en cijfers.',
    ),
});
/** Mollie calls the webhook with a form field `id` (the payment id). */
export const mollieWebhookBodySchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^tr_[A-Za-z0-9]{1,64}$/, 'Onbekende betaling.'),
});

/** `POST applicationManager/User/SetPayed`: this harvest year's payment of a member. */
export const setPayedBodySchema = z.object({
  userId: idField('userId'),
  hasPaid: z.boolean({ error: 'Kies betaald of niet betaald.' }),
});
export const setPayedResultSchema = z.object({
  userId: z.number().int(),
  hasPaid: z.boolean(),
  /** Open transactions of this harvest year that were marked paid (`manual`). */
  transactionsMarkedPaid: z.number().int(),
});
export type SetPayedResult = z.infer<typeof setPayedResultSchema>;

export const exportTransactionsQuerySchema = z.object({ harvestYear: harvestYearQueryField.optional() });

const bankRole = { role: 'BankManager' } as const;

export const bankRoutes = {
  mine: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'Bank',
    permission: 'member',
    summary: 'My transactions (all harvest years), the latest first.',
    response: { 200: z.array(memberTransactionSchema) },
  }),
  publicDetail: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'Bank/:publicId',
    permission: 'public',
    summary:
      'One transaction by its unguessable id (the e-mail link, no login): amount, description, due date, ' +
      "status, structured reference, the farm's account, and whether it can be paid online. 404 otherwise.",
    params: publicIdParamsSchema,
    response: { 200: publicTransactionSchema },
  }),
  createPayment: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'mollie/CreatePayment/:publicId',
    permission: 'public',
    summary:
      'Starts an online payment (Mollie: Bancontact, cards) of an open transaction and answers where to ' +
      'send the browser. 409 TRANSACTION_ALREADY_HANDLED when paid or cancelled, 409 ' +
      'PAYMENT_PROVIDER_NOT_CONFIGURED without a key, 503 PAYMENT_PROVIDER_UNAVAILABLE when Mollie fails.',
    params: publicIdParamsSchema,
    response: { 200: createPaymentAnswerSchema },
  }),
  paymentReturn: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'paymentReturn/:publicId',
    permission: 'public',
    summary:
      'The real state of a transaction after coming back from Mollie: the server asks Mollie for the last ' +
      'payment (and applies it the way the webhook does), never trusting the URL.',
    params: publicIdParamsSchema,
    response: { 200: paymentReturnSchema },
  }),
  mollieWebhook: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'mollie/webhook',
    permission: 'public',
    summary:
      "Mollie's webhook (form field `id`). The payment is fetched from Mollie with this farm's key: that is " +
      'the truth. Replays, out-of-order calls and ids of other farms change nothing. Always 200 for a ' +
      'well-formed call (Mollie retries otherwise), 503 only while Mollie cannot be reached.',
    body: mollieWebhookBodySchema,
    response: { 200: z.object({ ok: z.literal(true) }) },
  }),
  summary: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank',
    permission: bankRole,
    summary: 'Counts and sums per status of a harvest year (default: the current one).',
    query: bankSummaryQuerySchema,
    response: { 200: bankSummarySchema },
  }),
  paged: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/Paged',
    permission: bankRole,
    summary:
      'Transactions paged and filtered (harvest year, status, subscription, member, search), the latest ' +
      "first; with `userId` it is a user's transactions (page 1, 20 rows).",
    body: transactionPagedQuerySchema,
    response: { 200: pagedTransactionsSchema },
  }),
  detail: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/:id',
    permission: bankRole,
    summary: 'One transaction with its audit rows, oldest first.',
    params: idParamsSchema,
    response: { 200: managedTransactionDetailSchema },
  }),
  update: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/Update',
    permission: bankRole,
    summary: 'Changes an open transaction (409 TRANSACTION_ALREADY_HANDLED when paid or cancelled).',
    body: transactionUpdateBodySchema,
    response: { 200: managedTransactionSchema },
  }),
  membershipCreate: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/MembershipCreate',
    permission: bankRole,
    summary:
      "Makes the transaction for a member's subscription (the member must have it); 409 " +
      'TRANSACTION_EXISTS when an open or paid one exists for it. Answers the new transaction.',
    body: membershipCreateBodySchema,
    response: { 200: managedTransactionSchema },
  }),
  markPaid: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/markPayed/:id',
    permission: bankRole,
    summary:
      'Marks an open transaction paid (transfer, cash or manual); 409 TRANSACTION_ALREADY_HANDLED otherwise.',
    params: idParamsSchema,
    body: markPaidBodySchema,
    response: { 200: managedTransactionSchema },
  }),
  reopen: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/reopen/:id',
    permission: bankRole,
    summary:
      'Reopens a paid transaction with a reason (ADR 093); 409 TRANSACTION_NOT_PAID when it is not paid, ' +
      '409 TRANSACTION_PAID_ONLINE when it was paid online (refund it instead).',
    params: idParamsSchema,
    body: reopenBodySchema,
    response: { 200: managedTransactionSchema },
  }),
  refund: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/refund/:id',
    permission: bankRole,
    summary:
      "Refunds a transaction paid online through Mollie's refund API and reopens it (ADR 093); 409 " +
      'TRANSACTION_NOT_PAID when it is not paid online; 502/503 when Mollie refuses or cannot be reached.',
    params: idParamsSchema,
    body: reopenBodySchema,
    response: { 200: managedTransactionSchema },
  }),
  markPaidMany: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/markPayedMany',
    permission: bankRole,
    summary: 'Marks up to 100 open transactions paid, each on its own; a result per transaction.',
    body: bulkMarkPaidBodySchema,
    response: { 200: bulkResultSchema },
  }),
  remindMany: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/remindMany',
    permission: bankRole,
    summary:
      'Sends a payment reminder now for up to 100 open transactions (one mail job each, through the queue); ' +
      'a result per transaction.',
    body: bulkRemindBodySchema,
    response: { 200: bulkResultSchema },
  }),
  reminderSchedule: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/reminderSchedule',
    permission: bankRole,
    summary:
      'When payment reminders go out by themselves (default 14 days after the due date, every 14, 3 at most).',
    response: { 200: reminderScheduleSchema },
  }),
  saveReminderSchedule: defineRoute({
    feature: 'bank',
    method: 'PUT',
    path: 'applicationManager/bank/reminderSchedule',
    permission: bankRole,
    summary: 'Saves the reminder schedule (audited).',
    body: reminderScheduleBodySchema,
    response: { 200: reminderScheduleSchema },
  }),
  reminderPause: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/reminderPause/:userId',
    permission: bankRole,
    summary: "Whether a member's payment reminders are paused.",
    params: userEmailParamsSchema,
    response: { 200: reminderPauseSchema },
  }),
  setReminderPause: defineRoute({
    feature: 'bank',
    method: 'PUT',
    path: 'applicationManager/bank/reminderPause/:userId',
    permission: bankRole,
    summary: "Pauses or resumes a member's scheduled payment reminders (audited).",
    params: userEmailParamsSchema,
    body: reminderPauseBodySchema,
    response: { 200: reminderPauseSchema },
  }),
  cancel: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/cancel/:id',
    permission: bankRole,
    summary: 'Cancels an open transaction; 409 TRANSACTION_ALREADY_HANDLED otherwise.',
    params: idParamsSchema,
    response: { 200: managedTransactionSchema },
  }),
  remove: defineRoute({
    feature: 'bank',
    method: 'DELETE',
    path: 'applicationManager/bank/:id',
    permission: bankRole,
    summary:
      'Deletes an open or cancelled transaction nobody paid (409 TRANSACTION_PAID for a paid one: it stays as proof).',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  settings: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/settings',
    permission: bankRole,
    summary: "The farm's bank account (name, IBAN, BIC) and the due-date default.",
    response: { 200: bankSettingsSchema },
  }),
  saveSettings: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/settings',
    permission: { role: 'ApplicationManager' },
    summary: "Saves the farm's bank account (IBAN checked mod-97) and the due-date default.",
    body: bankSettingsBodySchema,
    response: { 200: bankSettingsSchema },
  }),
  yearlyPreview: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/administration-actions/create-yearly-transactions',
    permission: bankRole,
    summary:
      'What creating the yearly transactions would make: one per subscription of the harvest year that has ' +
      'none (open or paid), with count and total.',
    query: yearlyTransactionsQuerySchema,
    response: { 200: yearlyTransactionsPreviewSchema },
  }),
  yearlyCreate: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/administration-actions/create-yearly-transactions',
    permission: bankRole,
    summary: 'Creates them, in one database transaction; running it again creates nothing twice.',
    body: yearlyTransactionsBodySchema,
    response: { 200: yearlyTransactionsResultSchema },
  }),
  generateNeededEmails: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentNeededEmails',
    permission: bankRole,
    summary:
      'Stores a "payment needed" e-mail for review for every open transaction (of a harvest year) that has ' +
      'none waiting. Nothing is sent yet.',
    body: generateEmailsBodySchema,
    response: { 200: generateEmailsResultSchema },
  }),
  generateNeededEmailForUser: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentNeededEmail/:userId',
    permission: bankRole,
    summary: "The same for one user's open transactions.",
    params: userEmailParamsSchema,
    response: { 200: generateEmailsResultSchema },
  }),
  generateNeededEmailForTransaction: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentNeededEmail/:userId/:transactionId',
    permission: bankRole,
    summary: 'The same for one open transaction of that user.',
    params: userTransactionEmailParamsSchema,
    response: { 200: generateEmailsResultSchema },
  }),
  generateReminderEmails: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentReminderEmails',
    permission: bankRole,
    summary:
      'Stores a reminder for review for every open transaction past its due date (of a harvest year) that has ' +
      'none waiting. Nothing is sent yet.',
    body: generateEmailsBodySchema,
    response: { 200: generateEmailsResultSchema },
  }),
  generateReminderEmailForUser: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentReminderEmail/:userId',
    permission: bankRole,
    summary: "A reminder for one user's open transactions (due or not).",
    params: userEmailParamsSchema,
    response: { 200: generateEmailsResultSchema },
  }),
  generateReminderEmailForTransaction: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/GeneratePaymentReminderEmail/:userId/:transactionId',
    permission: bankRole,
    summary: 'A reminder for one open transaction of that user.',
    params: userTransactionEmailParamsSchema,
    response: { 200: generateEmailsResultSchema },
  }),
  neededEmails: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/Management/GetAllPaymentNeededEmails',
    permission: bankRole,
    summary: 'The "payment needed" e-mails waiting for review.',
    response: { 200: z.array(pendingPaymentEmailSchema) },
  }),
  reminderEmails: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/Management/GetAllPaymentReminderEmails',
    permission: bankRole,
    summary: 'The reminders waiting for review.',
    response: { 200: z.array(pendingPaymentEmailSchema) },
  }),
  confirmNeededEmails: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/ConfirmPaymentNeededEmails',
    permission: bankRole,
    summary:
      'Sends the waiting "payment needed" e-mails (all, or `ids`): one job per e-mail with an idempotency ' +
      'key, so a repeat sends nothing twice. Mails of transactions paid meanwhile are dropped.',
    body: confirmEmailsBodySchema,
    response: { 200: confirmEmailsResultSchema },
  }),
  confirmReminderEmails: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/Management/ConfirmPaymentReminderEmails',
    permission: bankRole,
    summary: 'Sends the waiting reminders (all, or `ids`), the same way.',
    body: confirmEmailsBodySchema,
    response: { 200: confirmEmailsResultSchema },
  }),
  discardEmail: defineRoute({
    feature: 'bank',
    method: 'DELETE',
    path: 'applicationManager/Management/PaymentEmail/:id',
    permission: bankRole,
    summary: 'Drops a waiting payment e-mail without sending it (404 when it is not waiting).',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  importStatement: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/import',
    permission: bankRole,
    summary:
      'Reads a bank statement (multipart field `file`: CODA or CAMT.053 XML). Every credit line with a ' +
      'structured reference of an open transaction and the exact amount marks it paid (transfer); partial ' +
      'and over-payments are flagged; the rest is listed for manual matching. The same file again changes ' +
      'nothing (answers the earlier import). 400 BANK_FILE_INVALID for a file that is neither.',
    body: multipart,
    response: { 200: statementImportDetailSchema },
  }),
  imports: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/imports',
    permission: bankRole,
    summary: 'The imported bank files, the latest first (50).',
    response: { 200: z.array(statementImportSchema) },
  }),
  importDetail: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/imports/:id',
    permission: bankRole,
    summary: 'One imported file with its lines and what became of each.',
    params: idParamsSchema,
    response: { 200: statementImportDetailSchema },
  }),
  matchLine: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/imports/lines/:lineId/match',
    permission: bankRole,
    summary:
      'Matches a flagged or unmatched credit line to an open transaction, which becomes paid (transfer). 409 ' +
      'BANK_LINE_ALREADY_HANDLED when the line was matched or ignored, TRANSACTION_ALREADY_HANDLED when the ' +
      'transaction is not open.',
    params: statementLineParamsSchema,
    body: matchLineBodySchema,
    response: { 200: statementLineSchema },
  }),
  ignoreLine: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/imports/lines/:lineId/ignore',
    permission: bankRole,
    summary: 'Sets a flagged or unmatched line aside (409 BANK_LINE_ALREADY_HANDLED when handled).',
    params: statementLineParamsSchema,
    response: { 200: statementLineSchema },
  }),
  mollieStatus: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/mollie',
    permission: { role: 'ApplicationManager' },
    summary: "The Mollie connection: key (masked), whether Mollie accepts it, the webhook's last calls.",
    response: { 200: mollieStatusSchema },
  }),
  saveMollieKey: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/mollie',
    permission: { role: 'ApplicationManager' },
    summary: 'Saves the Mollie API key after Mollie accepted it (409 PAYMENT_PROVIDER_REFUSED otherwise).',
    body: mollieKeyBodySchema,
    response: { 200: mollieStatusSchema },
  }),
  removeMollieKey: defineRoute({
    feature: 'bank',
    method: 'DELETE',
    path: 'applicationManager/mollie',
    permission: { role: 'ApplicationManager' },
    summary: 'Removes the Mollie key: members can no longer pay online.',
    response: { 204: z.null() },
  }),
  setPayed: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/User/SetPayed',
    permission: bankRole,
    summary:
      "Sets a member's payment of this harvest year: `true` marks the year's open transactions paid " +
      '(manual); `false` only without paid transactions this year (409 PAID_BY_TRANSACTIONS). `hasPaid` ' +
      'follows the transactions from then on.',
    body: setPayedBodySchema,
    response: { 200: setPayedResultSchema },
  }),
  exportUsers: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/export/users',
    permission: bankRole,
    summary: "The farm's members with household, subscriptions and payment of this harvest year (.xlsx).",
    response: 'file',
  }),
  exportTransactions: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/export/transactions',
    permission: bankRole,
    summary: 'All transactions (optionally of one harvest year) as a spreadsheet (.xlsx).',
    query: exportTransactionsQuerySchema,
    response: 'file',
  }),
  exportSubscriptionTransactions: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/export/transactions/subscription/:id',
    permission: bankRole,
    summary: "A subscription's transactions (.xlsx).",
    params: idParamsSchema,
    response: 'file',
  }),
  exportSubscriptionCurrentYear: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/export/transactions/subscription/currentHarvestYear/:id',
    permission: bankRole,
    summary: 'The transactions of the subscription of the same name in the current harvest year (.xlsx).',
    params: idParamsSchema,
    response: 'file',
  }),
  members: defineRoute({
    feature: 'bank',
    method: 'POST',
    path: 'applicationManager/bank/members',
    permission: bankRole,
    summary:
      'Up to 20 approved members of the farm whose first or last name or e-mail holds `search` (any case; ' +
      'without it, the first by last and first name), each with their subscriptions of the harvest year ' +
      '(default: the current one): the household price and whether an open or paid transaction exists. ' +
      'With `userId`, only that member.',
    body: bankMembersBodySchema,
    response: { 200: z.array(bankMemberSchema) },
  }),
  subscriptions: defineRoute({
    feature: 'bank',
    method: 'GET',
    path: 'applicationManager/bank/subscriptions',
    permission: bankRole,
    summary: "The farm's subscriptions (of one harvest year, or all), the latest year first, then by name.",
    query: bankSubscriptionsQuerySchema,
    response: { 200: z.array(bankSubscriptionSchema) },
  }),
} as const;
