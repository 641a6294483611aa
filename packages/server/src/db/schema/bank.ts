import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { subscriptions } from './subscriptions.js';
import { users } from './users.js';

/**
 * Euros owed and paid (docs/product/money.md, "Euros", decision 077): one row per thing to pay, in integer
 * cents. Its status moves only through `modules/bank/status-change.ts`, which locks the row and writes an
 * event row in the same transaction. A paid transaction is never deleted: it is the proof of the euro. A
 * deleted member's transactions stay (user_id null) with the name they had (`payer_name`).
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    /** The unguessable id of `/account/membership/{publicId}` (32 base64url characters). */
    publicId: text('public_id').notNull(),
    userId: integer('user_id'),
    payerName: text('payer_name').notNull(),
    subscriptionId: integer('subscription_id'),
    harvestYear: integer('harvest_year').notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    /** The 12 digits of the Belgian structured reference; unique per farm. */
    structuredReference: text('structured_reference').notNull(),
    status: text('status').notNull().default('open'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidVia: text('paid_via'),
    /** The Mollie payment that paid it. */
    paymentProviderId: text('payment_provider_id'),
    /**
     * When the member was told it fell due (decision 090): the hourly `payment-due` job sets it in the
     * transaction that inserts the notification, so each due date is notified once. A new due date clears it.
     */
    dueNotifiedAt: timestamp('due_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_transactions_amount_positive', sql`${t.amountCents} > 0`),
    check('bank_transactions_status', sql`${t.status} in ('open', 'paid', 'cancelled')`),
    check(
      'bank_transactions_paid_via',
      sql`${t.paidVia} is null or ${t.paidVia} in ('transfer', 'online', 'cash', 'manual')`,
    ),
    check(
      'bank_transactions_paid_has_when_and_how',
      sql`(${t.status} = 'paid') = (${t.paidAt} is not null and ${t.paidVia} is not null)`,
    ),
    check('bank_transactions_reference_digits', sql`${t.structuredReference} ~ '^[0-9]{12}$'`),
    unique('bank_transactions_app_id_id').on(t.appId, t.id),
    uniqueIndex('bank_transactions_public_id').on(t.publicId),
    uniqueIndex('bank_transactions_app_reference').on(t.appId, t.structuredReference),
    // One open or paid transaction per member and subscription: yearly runs and MembershipCreate never
    // make a second one, even when two run at once.
    uniqueIndex('bank_transactions_one_live_per_subscription')
      .on(t.appId, t.subscriptionId, t.userId)
      .where(sql`${t.status} <> 'cancelled' and ${t.subscriptionId} is not null`),
    index('bank_transactions_app_year').on(t.appId, t.harvestYear, t.createdAt, t.id),
    index('bank_transactions_app_created').on(t.appId, t.createdAt, t.id),
    index('bank_transactions_app_user').on(t.appId, t.userId, t.createdAt, t.id),
    index('bank_transactions_app_subscription').on(t.appId, t.subscriptionId),
    index('bank_transactions_app_provider').on(t.appId, t.paymentProviderId),
    // The payment-due job's scan: open, not yet notified, by due date.
    index('bank_transactions_due_unnotified')
      .on(t.appId, t.dueDate)
      .where(sql`${t.status} = 'open' and ${t.dueNotifiedAt} is null`),
    // The to-do list's overdue payments (decision 092): the open ones by due date.
    index('bank_transactions_open_due')
      .on(t.appId, t.dueDate)
      .where(sql`${t.status} = 'open'`),
    farmReference('bank_transactions_user_fk', t.appId, t.userId, users).onDelete('set null'),
    farmReference('bank_transactions_subscription_fk', t.appId, t.subscriptionId, subscriptions).onDelete(
      'set null',
    ),
  ],
);

/** The audit of a transaction: every creation, edit and status change, with who or what did it. */
export const bankTransactionEvents = pgTable(
  'bank_transaction_events',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    /** Null once an unpaid transaction was deleted; the row stays as the record that it existed. */
    transactionId: integer('transaction_id'),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    paidVia: text('paid_via'),
    amountCents: integer('amount_cents'),
    actorUserId: integer('actor_user_id'),
    /** The actor's name then; null for Mollie's webhook or a bank file. */
    actorName: text('actor_name'),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'bank_transaction_events_kind',
      sql`${t.kind} in ('created', 'updated', 'paid', 'cancelled', 'deleted', 'payment-started', 'payment-flagged', 'reopened', 'refunded', 'reminder-sent')`,
    ),
    index('bank_transaction_events_app_transaction').on(t.appId, t.transactionId, t.id),
    index('bank_transaction_events_app_actor').on(t.appId, t.actorUserId),
    farmReference(
      'bank_transaction_events_transaction_fk',
      t.appId,
      t.transactionId,
      bankTransactions,
    ).onDelete('set null'),
    farmReference('bank_transaction_events_actor_fk', t.appId, t.actorUserId, users).onDelete('set null'),
  ],
);

/** Every online payment started for a transaction (Mollie), with Mollie's last known status. */
export const bankOnlinePayments = pgTable(
  'bank_online_payments',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    transactionId: integer('transaction_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    checkoutUrl: text('checkout_url'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_online_payments_app_provider').on(t.appId, t.providerPaymentId),
    index('bank_online_payments_app_transaction').on(t.appId, t.transactionId, t.id),
    farmReference('bank_online_payments_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Money given back (ADR 093): one row per refund of a paid online payment through Mollie, the ledger's
 * own row beside the transaction's `refunded` event. One refund per Mollie payment (the whole amount).
 */
export const bankRefunds = pgTable(
  'bank_refunds',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    transactionId: integer('transaction_id').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    check('bank_refunds_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('bank_refunds_app_payment').on(t.appId, t.providerPaymentId),
    uniqueIndex('bank_refunds_app_refund').on(t.appId, t.providerRefundId),
    index('bank_refunds_app_transaction').on(t.appId, t.transactionId),
    index('bank_refunds_app_actor').on(t.appId, t.actorUserId),
    farmReference('bank_refunds_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'restrict',
    ),
    farmReference('bank_refunds_actor_fk', t.appId, t.actorUserId, users).onDelete('set null'),
  ],
);

/**
 * The payment reminders the schedule sent (ADR 093): reminder `number` of a transaction exists once, so
 * a periodic run that overlaps another (or reruns) never mails a member twice for the same reminder.
 */
export const bankReminders = pgTable(
  'bank_reminders',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    transactionId: integer('transaction_id').notNull(),
    number: integer('number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_reminders_app_transaction_number').on(t.appId, t.transactionId, t.number),
    farmReference('bank_reminders_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'cascade',
    ),
  ],
);

/** Members whose payment reminders a manager paused (ADR 093): the schedule skips them. */
export const bankReminderPauses = pgTable(
  'bank_reminder_pauses',
  {
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    pausedByName: text('paused_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_reminder_pauses_app_user').on(t.appId, t.userId),
    farmReference('bank_reminder_pauses_user_fk', t.appId, t.userId, users).onDelete('cascade'),
  ],
);

/** What Mollie's webhook was called with and what it did (the mollie page shows the latest). */
export const mollieWebhookCalls = pgTable(
  'mollie_webhook_calls',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    paymentId: text('payment_id').notNull(),
    mollieStatus: text('mollie_status'),
    outcome: text('outcome').notNull(),
    transactionId: integer('transaction_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mollie_webhook_calls_app_id').on(t.appId, t.id),
    index('mollie_webhook_calls_app_transaction').on(t.appId, t.transactionId),
    farmReference('mollie_webhook_calls_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'set null',
    ),
  ],
);

/**
 * Payment e-mails, two-step (docs/product/money.md, "Payment e-mails"): *generate* stores them `waiting` for
 * review, *confirm* turns each into one mail job (idempotency key `payment-email:<id>`) and marks it
 * `queued`.
 */
export const paymentEmails = pgTable(
  'payment_emails',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    kind: text('kind').notNull(),
    userId: integer('user_id').notNull(),
    transactionId: integer('transaction_id').notNull(),
    toName: text('to_name').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status').notNull().default('waiting'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_emails_kind', sql`${t.kind} in ('needed', 'reminder')`),
    check('payment_emails_status', sql`${t.status} in ('waiting', 'queued', 'discarded')`),
    uniqueIndex('payment_emails_one_waiting')
      .on(t.appId, t.kind, t.transactionId)
      .where(sql`${t.status} = 'waiting'`),
    index('payment_emails_app_kind_status').on(t.appId, t.kind, t.status, t.id),
    index('payment_emails_app_user').on(t.appId, t.userId),
    index('payment_emails_app_transaction').on(t.appId, t.transactionId),
    index('payment_emails_app_created_by').on(t.appId, t.createdByUserId),
    farmReference('payment_emails_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    farmReference('payment_emails_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'cascade',
    ),
    farmReference('payment_emails_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
  ],
);

/** An imported bank statement file; the same file (by its SHA-256) is imported once per farm. */
export const bankImports = pgTable(
  'bank_imports',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    fileSha256: text('file_sha256').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    accountIban: text('account_iban'),
    importedByUserId: integer('imported_by_user_id'),
    importedByName: text('imported_by_name'),
    lineCount: integer('line_count').notNull().default(0),
    paidCount: integer('paid_count').notNull().default(0),
    flaggedCount: integer('flagged_count').notNull().default(0),
    unmatchedCount: integer('unmatched_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bank_imports_format', sql`${t.format} in ('coda', 'camt053')`),
    unique('bank_imports_app_id_id').on(t.appId, t.id),
    uniqueIndex('bank_imports_app_file').on(t.appId, t.fileSha256),
    index('bank_imports_app_imported').on(t.appId, t.importedAt, t.id),
    index('bank_imports_app_imported_by').on(t.appId, t.importedByUserId),
    farmReference('bank_imports_imported_by_fk', t.appId, t.importedByUserId, users).onDelete('set null'),
  ],
);

/**
 * One line of an imported statement. `line_key` is unique per farm, so a line that also appears in a later
 * (overlapping) file is skipped there and never pays twice.
 */
export const bankImportLines = pgTable(
  'bank_import_lines',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    importId: integer('import_id').notNull(),
    lineKey: text('line_key').notNull(),
    bookingDate: date('booking_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('EUR'),
    counterpartyName: text('counterparty_name'),
    counterpartyIban: text('counterparty_iban'),
    structuredReference: text('structured_reference'),
    communication: text('communication'),
    outcome: text('outcome').notNull(),
    transactionId: integer('transaction_id'),
    handledByUserId: integer('handled_by_user_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'bank_import_lines_outcome',
      sql`${t.outcome} in ('paid', 'partial', 'overpaid', 'already-paid', 'unmatched', 'matched-by-hand', 'ignored', 'debit')`,
    ),
    uniqueIndex('bank_import_lines_app_key').on(t.appId, t.lineKey),
    index('bank_import_lines_app_import').on(t.appId, t.importId, t.id),
    index('bank_import_lines_app_transaction').on(t.appId, t.transactionId),
    index('bank_import_lines_app_handled_by').on(t.appId, t.handledByUserId),
    // The to-do list's lines to match (decision 092).
    index('bank_import_lines_to_match')
      .on(t.appId, t.importId)
      .where(sql`${t.outcome} in ('unmatched', 'partial', 'overpaid')`),
    farmReference('bank_import_lines_import_fk', t.appId, t.importId, bankImports).onDelete('cascade'),
    farmReference('bank_import_lines_transaction_fk', t.appId, t.transactionId, bankTransactions).onDelete(
      'set null',
    ),
    farmReference('bank_import_lines_handled_by_fk', t.appId, t.handledByUserId, users).onDelete('set null'),
  ],
);
