import type {
  BankMember,
  BankMembersBody,
  BankSubscription,
  BankSummary,
  ManagedTransaction,
  ManagedTransactionDetail,
  MollieStatus,
  PendingPaymentEmail,
  StatementImportDetail,
  StatementLine,
  TransactionEvent,
  YearlyTransactionsPreview,
} from '@pluk/contract';
import { makeMembership } from './harvest-member-fixtures';
import { json, makeAccount, type StubHandler, type StubRequest } from './utils';

/**
 * Test data of the bank's manager and administration screens (decision 077): the list, a transaction, a
 * member's payments, the yearly run, the payment e-mails, bank files and Mollie. The farm's current
 * harvest year is 2030.
 */

export const bankManager = makeAccount({
  id: 2,
  roles: ['BankManager'],
  firstName: 'Bert',
  lastName: 'Bank',
});
/** An ApplicationManager: may do all a BankManager does. */
export const applicationManager = makeAccount({
  id: 2,
  roles: ['ApplicationManager'],
  firstName: 'Mia',
  lastName: 'Manager',
});

export function makeTransaction(overrides: Partial<ManagedTransaction> = {}): ManagedTransaction {
  return {
    id: 15,
    publicId: 'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    amountCents: 30250,
    description: 'Groenten 2030',
    harvestYear: 2030,
    subscriptionId: 4,
    subscriptionName: 'Groenten',
    status: 'open',
    dueDate: '2030-04-30',
    structuredReference: '000000001540',
    paidAt: null,
    paidVia: null,
    createdAt: '2030-03-01T10:00:00.000Z',
    userId: 3,
    payerName: 'Lien Lid',
    userEmail: 'lid@example.be',
    paymentProviderId: null,
    updatedAt: '2030-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Jan's open Fruit of 2030: what the bank file's line of Jan Peeters (`makeImportDetail`) is matched to. */
export const janFruit = makeTransaction({
  id: 41,
  publicId: 'a'.repeat(32),
  amountCents: 24_000,
  description: 'Fruit 2030',
  subscriptionId: 5,
  subscriptionName: 'Fruit',
  dueDate: '2030-04-01',
  structuredReference: '000000005198',
  createdAt: '2030-03-01T09:00:00.000Z',
  userId: 5,
  payerName: 'Jan Peeters',
  userEmail: 'jan@example.be',
  updatedAt: '2030-03-01T09:00:00.000Z',
});

export function makeEvent(overrides: Partial<TransactionEvent> = {}): TransactionEvent {
  return {
    id: 1,
    at: '2030-03-01T10:00:00.000Z',
    kind: 'created',
    fromStatus: null,
    toStatus: 'open',
    paidVia: null,
    amountCents: 30250,
    actorName: 'Bert Bank',
    detail: '',
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<ManagedTransactionDetail> = {}): ManagedTransactionDetail {
  return { ...makeTransaction(), events: [makeEvent()], ...overrides };
}

export function makeSummary(harvestYear = 2030): BankSummary {
  return {
    harvestYear,
    open: { count: 3, totalCents: 90750 },
    paid: { count: 2, totalCents: 123450 },
    cancelled: { count: 1, totalCents: 30250 },
    paidBy: { transfer: 100000, online: 23450, cash: 0, manual: 0 },
  };
}

/** One page of `POST applicationManager/bank/Paged` (pages count from 1). */
export function transactionsPage(
  items: ManagedTransaction[],
  {
    page = 1,
    rowsPerPage = 25,
    total = items.length,
  }: { page?: number; rowsPerPage?: number; total?: number } = {},
) {
  const more = page * rowsPerPage < total;
  return {
    items,
    total,
    totalIsLowerBound: false,
    nextCursor: more ? `cursor-${page}` : null,
    page,
    rowsPerPage,
  };
}

/** Lien has Groenten of 2030 (nothing paid yet); Jef has none. */
export function makeBankMember(overrides: Partial<BankMember> = {}): BankMember {
  return {
    userId: 3,
    name: 'Lien Lid',
    email: 'lid@example.be',
    subscriptions: [
      {
        subscriptionId: 4,
        name: 'Groenten',
        harvestYear: 2030,
        priceCents: 30250,
        hasLiveTransaction: false,
      },
    ],
    ...overrides,
  };
}
export const lien = makeBankMember();
export const jef = makeBankMember({
  userId: 4,
  name: 'Jef Janssens',
  email: 'jef@example.be',
  subscriptions: [],
});

export const groenten: BankSubscription = { id: 4, name: 'Groenten', harvestYear: 2030 };
export const fruit: BankSubscription = { id: 5, name: 'Fruit', harvestYear: 2030 };

/**
 * `POST applicationManager/bank/members` over these members: by name or e-mail, or one `userId`; their
 * subscriptions of 2030 only (another year: none).
 */
export function membersAnswer(members: BankMember[]): StubHandler {
  return ({ body }: StubRequest) => {
    const { search, userId, harvestYear = 2030 } = body as BankMembersBody;
    const text = search?.toLowerCase();
    return json(
      members
        .filter((member) => userId === undefined || member.userId === userId)
        .filter((member) => !text || `${member.name} ${member.email}`.toLowerCase().includes(text))
        .map((member) => ({
          ...member,
          subscriptions: member.subscriptions.filter(
            (subscription) => subscription.harvestYear === harvestYear,
          ),
        })),
    );
  };
}

/** The summary (any year), an empty list, the members and the subscriptions of 2030 (Lien has Groenten). */
export function bankHandlers(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET /api/applicationManager/bank': ({ url }: StubRequest) => {
      const year = new URL(url, 'http://x').searchParams.get('harvestYear');
      return json(makeSummary(year ? Number(year) : 2030));
    },
    'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([makeTransaction()])),
    'POST /api/applicationManager/bank/members': membersAnswer([lien, jef]),
    'GET /api/applicationManager/bank/subscriptions': ({ url }: StubRequest) =>
      json(url.includes('harvestYear=2030') ? [fruit, groenten] : []),
    // ADR 093: the reminder schedule (the reminders tab) and a member's pause (their payments page).
    'GET /api/applicationManager/bank/reminderSchedule': () =>
      json({ enabled: false, firstAfterDays: 14, everyDays: 14, maxCount: 3 }),
    'GET /api/applicationManager/bank/reminderPause/3': () => json({ userId: 3, paused: false }),
    'GET /api/applicationManager/bank/reminderPause/4': () => json({ userId: 4, paused: false }),
    ...overrides,
  };
}

/** The bodies of every `POST applicationManager/bank/Paged` so far. */
export function pagedBodies(calls: StubRequest[]): unknown[] {
  return calls.filter((call) => call.path === '/api/applicationManager/bank/Paged').map((call) => call.body);
}

export function makeYearlyPreview(
  overrides: Partial<YearlyTransactionsPreview> = {},
): YearlyTransactionsPreview {
  return {
    harvestYear: 2031,
    count: 3,
    totalCents: 54_250,
    subscriptions: [
      { subscriptionId: 4, name: 'Groenten', count: 2, totalCents: 30_250 },
      { subscriptionId: 5, name: 'Fruit', count: 1, totalCents: 24_000 },
    ],
    ...overrides,
  };
}

export function makePendingEmail(overrides: Partial<PendingPaymentEmail> = {}): PendingPaymentEmail {
  return {
    id: 70,
    kind: 'needed',
    userId: 3,
    transactionId: 40,
    toName: 'Lien Lid',
    toEmail: 'lid@example.be',
    subject: 'Betaling van je abonnement Groenten 2030',
    text: 'Dag Lien,\n\nSchrijf € 302,50 over op BE68 5390 0754 7034.',
    amountCents: 30_250,
    createdAt: '2030-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeStatementLine(overrides: Partial<StatementLine> = {}): StatementLine {
  return {
    id: 800,
    bookingDate: '2030-03-04',
    amountCents: 30_250,
    counterpartyName: 'Lien Lid',
    counterpartyIban: 'BE71096123456769',
    structuredReference: '000000004097',
    communication: null,
    outcome: 'paid',
    transactionId: 40,
    transactionLabel: 'Lien Lid · Groenten 2030 · € 302,50',
    ...overrides,
  };
}

export function makeImportDetail(overrides: Partial<StatementImportDetail> = {}): StatementImportDetail {
  return {
    id: 9,
    fileName: 'afschrift-maart.cod',
    format: 'coda',
    accountIban: 'BE68539007547034',
    importedAt: '2030-03-05T10:00:00.000Z',
    importedByName: 'Bert Bank',
    alreadyImported: false,
    counts: { lines: 4, paid: 1, flagged: 1, unmatched: 1, skipped: 0 },
    lines: [
      makeStatementLine(),
      makeStatementLine({
        id: 801,
        amountCents: 10_000,
        counterpartyName: 'Jan Peeters',
        structuredReference: '000000005198',
        outcome: 'partial',
        transactionId: 41,
        transactionLabel: 'Jan Peeters · Fruit 2030 · € 240,00',
      }),
      makeStatementLine({
        id: 802,
        amountCents: 12_000,
        counterpartyName: 'An Onbekend',
        structuredReference: null,
        communication: 'abonnement An',
        outcome: 'unmatched',
        transactionId: null,
        transactionLabel: null,
      }),
      makeStatementLine({
        id: 803,
        amountCents: -4_500,
        counterpartyName: 'Zaadhandel',
        structuredReference: null,
        communication: 'factuur 12',
        outcome: 'debit',
        transactionId: null,
        transactionLabel: null,
      }),
    ],
    ...overrides,
  };
}

export function makeMollieStatus(overrides: Partial<MollieStatus> = {}): MollieStatus {
  return {
    configured: true,
    maskedKey: 'test_••••••••AbC1',
    connection: { ok: true, mode: 'test' },
    webhookUrl: 'https://plukhoeve.example/api/mollie/webhook',
    webhookCalls: [
      {
        id: 1,
        receivedAt: '2030-03-06T12:00:00.000Z',
        paymentId: 'tr_WDqYK6vllg',
        mollieStatus: 'paid',
        outcome: 'paid',
        transactionId: 40,
      },
    ],
    ...overrides,
  };
}

/** What every bank administration screen asks besides its own calls: the current harvest year. */
export const bankAdminHandlers: Record<string, StubHandler> = {
  'GET /api/User/Membership': () => json(makeMembership()),
  'GET /api/applicationManager/bank/reminderSchedule': () =>
    json({ enabled: false, firstAfterDays: 14, everyDays: 14, maxCount: 3 }),
};
