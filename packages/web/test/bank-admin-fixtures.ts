import type {
  ManagedTransaction,
  MollieStatus,
  PendingPaymentEmail,
  StatementImportDetail,
  StatementLine,
  YearlyTransactionsPreview,
} from '@pluk/contract';
import { makeMembership } from './harvest-member-fixtures';
import { json, makeAccount, type StubHandler } from './utils';

/** Fixtures of the bank's administration screens (issue 10); the farm's current harvest year is 2030. */
export const bankManager = makeAccount({
  id: 2,
  roles: ['BankManager'],
  firstName: 'Bert',
  lastName: 'Bank',
});
export const applicationManager = makeAccount({
  id: 2,
  roles: ['ApplicationManager'],
  firstName: 'Mia',
  lastName: 'Manager',
});

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

export function makeManagedTransaction(overrides: Partial<ManagedTransaction> = {}): ManagedTransaction {
  return {
    id: 41,
    publicId: 'a'.repeat(32),
    amountCents: 24_000,
    description: 'Fruit 2030',
    harvestYear: 2030,
    subscriptionId: 5,
    subscriptionName: 'Fruit',
    status: 'open',
    dueDate: '2030-04-01',
    structuredReference: '000000005198',
    paidAt: null,
    paidVia: null,
    createdAt: '2030-03-01T09:00:00.000Z',
    userId: 5,
    payerName: 'Jan Peeters',
    userEmail: 'jan@example.be',
    paymentProviderId: null,
    updatedAt: '2030-03-01T09:00:00.000Z',
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
};
