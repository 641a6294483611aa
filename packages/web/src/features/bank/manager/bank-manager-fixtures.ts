import type {
  BankSummary,
  ManagedTransaction,
  ManagedTransactionDetail,
  TransactionEvent,
} from '@pluk/contract';
import { makeManagedSubscription, makeSubscriptionMember } from '../../../../test/harvest-member-fixtures';
import {
  json,
  makeAccount,
  makeManagedUser,
  type StubHandler,
  type StubRequest,
} from '../../../../test/utils';

/** Test data of the BankManager's screens (the stubbed API of their tests). */

export const bankManager = makeAccount({
  id: 2,
  roles: ['BankManager'],
  firstName: 'Bert',
  lastName: 'Bank',
});
/** Also ApplicationManager: the member picker and the subscriptions are that role's routes. */
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

export const lien = makeManagedUser({
  id: 3,
  firstName: 'Lien',
  lastName: 'Lid',
  username: 'lien',
  isApproved: true,
  isActive: true,
});
export const jef = makeManagedUser({
  id: 4,
  firstName: 'Jef',
  lastName: 'Janssens',
  username: 'jef',
  email: 'jef@example.be',
  isApproved: true,
  isActive: true,
});

/** The summary (any year), an empty list, the users and the subscriptions of 2030 (Lien has Groenten). */
export function bankHandlers(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    'GET /api/applicationManager/bank': ({ url }: StubRequest) => {
      const year = new URL(url, 'http://x').searchParams.get('harvestYear');
      return json(makeSummary(year ? Number(year) : 2030));
    },
    'POST /api/applicationManager/bank/Paged': () => json(transactionsPage([makeTransaction()])),
    'POST /api/applicationManager/user/paged': ({ body }: StubRequest) => {
      const filter = (body as { filter?: string }).filter?.toLowerCase();
      const users = [lien, jef].filter((user) => !filter || user.firstName.toLowerCase().includes(filter));
      return json({
        items: users,
        total: users.length,
        totalIsLowerBound: false,
        nextCursor: null,
        page: 1,
        rowsPerPage: 20,
      });
    },
    'GET /api/applicationManager/subscription': ({ url }: StubRequest) =>
      json(
        url.includes('harvestYear=2030')
          ? [makeManagedSubscription(), makeManagedSubscription({ id: 5, name: 'Fruit', memberCount: 0 })]
          : [],
      ),
    'GET /api/applicationManager/subscription/4/members': () => json([makeSubscriptionMember()]),
    'GET /api/applicationManager/subscription/5/members': () => json([]),
    ...overrides,
  };
}

/** The bodies of every `POST applicationManager/bank/Paged` so far. */
export function pagedBodies(calls: StubRequest[]): unknown[] {
  return calls.filter((call) => call.path === '/api/applicationManager/bank/Paged').map((call) => call.body);
}
