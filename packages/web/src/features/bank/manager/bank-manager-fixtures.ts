import type {
  BankMember,
  BankMembersBody,
  BankSubscription,
  BankSummary,
  ManagedTransaction,
  ManagedTransactionDetail,
  TransactionEvent,
} from '@pluk/contract';
import { json, makeAccount, type StubHandler, type StubRequest } from '../../../../test/utils';

/** Test data of the BankManager's screens (the stubbed API of their tests). */

export const bankManager = makeAccount({
  id: 2,
  roles: ['BankManager'],
  firstName: 'Bert',
  lastName: 'Bank',
});
/** An ApplicationManager: may do all a BankManager does. */
export const farmManager = makeAccount({
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
    ...overrides,
  };
}

/** The bodies of every `POST applicationManager/bank/Paged` so far. */
export function pagedBodies(calls: StubRequest[]): unknown[] {
  return calls.filter((call) => call.path === '/api/applicationManager/bank/Paged').map((call) => call.body);
}
