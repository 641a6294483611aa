import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import {
  bankTestContext,
  codeOf,
  memberOwing,
  subscribedMember,
  transactionRow,
  type BankCast,
} from './helpers/bank-core.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * Who reaches the bank's transaction routes, and that no route reaches another farm's rows. Each call
 * is a real, valid request on a fresh target, so "allowed" means the route did its work (2xx), not that
 * it stopped at validation.
 */

let ctx: TestContext;
let cast: BankCast;
let n = 0;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
});
afterAll(() => ctx.close());

type Call = Omit<InjectOptions, 'url'> & { url: string };

const freshTransaction = (appId = ctx.appId) =>
  memberOwing(ctx, { username: `acc${++n}`, appId, year: cast.year, amountCents: 1_500 });

/** A valid request of each route, on a target made for that one call. */
const routes: Record<
  string,
  { who: 'public' | 'member' | 'bank' | 'appManager'; call: () => Promise<Call> }
> = {
  mine: { who: 'member', call: async () => ({ method: 'GET', url: '/api/Bank' }) },
  publicDetail: {
    who: 'public',
    call: async () => ({
      method: 'GET',
      url: `/api/Bank/${(await freshTransaction()).transaction.publicId}`,
    }),
  },
  summary: { who: 'bank', call: async () => ({ method: 'GET', url: '/api/applicationManager/bank' }) },
  paged: {
    who: 'bank',
    call: async () => ({ method: 'POST', url: '/api/applicationManager/bank/Paged', payload: {} }),
  },
  detail: {
    who: 'bank',
    call: async () => ({
      method: 'GET',
      url: `/api/applicationManager/bank/${(await freshTransaction()).transaction.id}`,
    }),
  },
  update: {
    who: 'bank',
    call: async () => ({
      method: 'POST',
      url: '/api/applicationManager/bank/Update',
      payload: {
        id: (await freshTransaction()).transaction.id,
        amountCents: 999,
        description: 'Nieuw',
        dueDate: '2030-01-01',
      },
    }),
  },
  membershipCreate: {
    who: 'bank',
    call: async () => {
      const { member, subscription } = await subscribedMember(ctx, { username: `mc${++n}`, year: cast.year });
      return {
        method: 'POST',
        url: '/api/applicationManager/bank/MembershipCreate',
        payload: { userId: member.id, subscriptionId: subscription.id },
      };
    },
  },
  markPaid: {
    who: 'bank',
    call: async () => ({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${(await freshTransaction()).transaction.id}`,
      payload: { via: 'cash' },
    }),
  },
  cancel: {
    who: 'bank',
    call: async () => ({
      method: 'POST',
      url: `/api/applicationManager/bank/cancel/${(await freshTransaction()).transaction.id}`,
    }),
  },
  remove: {
    who: 'bank',
    call: async () => ({
      method: 'DELETE',
      url: `/api/applicationManager/bank/${(await freshTransaction()).transaction.id}`,
    }),
  },
  settings: {
    who: 'bank',
    call: async () => ({ method: 'GET', url: '/api/applicationManager/bank/settings' }),
  },
  saveSettings: {
    who: 'appManager',
    call: async () => ({
      method: 'POST',
      url: '/api/applicationManager/bank/settings',
      payload: { accountName: 'Hoeve', iban: 'BE68539007547034' },
    }),
  },
  yearlyPreview: {
    who: 'bank',
    call: async () => ({
      method: 'GET',
      url: `/api/applicationManager/administration-actions/create-yearly-transactions?harvestYear=${cast.year}`,
    }),
  },
  yearlyCreate: {
    who: 'bank',
    call: async () => ({
      method: 'POST',
      url: '/api/applicationManager/administration-actions/create-yearly-transactions',
      payload: { harvestYear: cast.year + 1, dueDate: '2030-01-01' },
    }),
  },
  setPayed: {
    who: 'bank',
    call: async () => ({
      method: 'POST',
      url: '/api/applicationManager/User/SetPayed',
      payload: { userId: (await ctx.createUser({ username: `sp${++n}` })).id, hasPaid: true },
    }),
  },
  exportUsers: {
    who: 'bank',
    call: async () => ({ method: 'GET', url: '/api/applicationManager/export/users' }),
  },
  exportTransactions: {
    who: 'bank',
    call: async () => ({ method: 'GET', url: '/api/applicationManager/export/transactions' }),
  },
  exportSubscriptionTransactions: {
    who: 'bank',
    call: async () => ({
      method: 'GET',
      url: `/api/applicationManager/export/transactions/subscription/${(await freshTransaction()).subscription.id}`,
    }),
  },
  exportSubscriptionCurrentYear: {
    who: 'bank',
    call: async () => ({
      method: 'GET',
      url: `/api/applicationManager/export/transactions/subscription/currentHarvestYear/${(await freshTransaction()).subscription.id}`,
    }),
  },
};

describe('every caller gets the right answer on every route of this part of the bank', () => {
  const callers = [
    'anonymous',
    'member',
    'TaskManager',
    'BankManager',
    'ApplicationManager',
    'Admin',
  ] as const;
  const userOf = (caller: (typeof callers)[number]): CreatedUser | undefined =>
    ({
      anonymous: undefined,
      member: cast.member,
      TaskManager: cast.taskManager,
      BankManager: cast.bankManager,
      ApplicationManager: cast.applicationManager,
      Admin: cast.admin,
    })[caller];
  const allowed = (who: string, caller: (typeof callers)[number]) => {
    if (who === 'public') return true;
    if (caller === 'anonymous') return false;
    if (who === 'member') return true;
    if (caller === 'ApplicationManager' || caller === 'Admin') return true;
    return who === 'bank' && caller === 'BankManager';
  };

  for (const [name, route] of Object.entries(routes)) {
    it(name, async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const caller of callers) {
        const response = await ctx.request({ ...(await route.call()), as: userOf(caller) });
        answers.push(
          `${caller} ${response.statusCode < 300 ? '2xx' : response.statusCode} ${codeOf(response)}`,
        );
        expected.push(
          `${caller} ${
            allowed(route.who, caller)
              ? '2xx OK'
              : caller === 'anonymous'
                ? '401 UNAUTHORIZED'
                : '403 FORBIDDEN'
          }`,
        );
      }
      expect(answers).toEqual(expected);
    });
  }

  it('walks every route of this part', () => {
    expect(Object.keys(routes)).toHaveLength(19);
  });
});

describe("another farm's rows are unknown on every route", () => {
  it("another farm's transaction id and public id are 404 and change nothing", async () => {
    const { transaction } = await freshTransaction(cast.otherFarm);
    const calls: Call[] = [
      { method: 'GET', url: `/api/Bank/${transaction.publicId}` },
      { method: 'GET', url: `/api/applicationManager/bank/${transaction.id}` },
      {
        method: 'POST',
        url: '/api/applicationManager/bank/Update',
        payload: { id: transaction.id, amountCents: 1, description: 'x', dueDate: '2030-01-01' },
      },
      {
        method: 'POST',
        url: `/api/applicationManager/bank/markPayed/${transaction.id}`,
        payload: { via: 'cash' },
      },
      { method: 'POST', url: `/api/applicationManager/bank/cancel/${transaction.id}` },
      { method: 'DELETE', url: `/api/applicationManager/bank/${transaction.id}` },
    ];
    for (const call of calls) {
      const response = await ctx.request({
        ...call,
        as: call.url.startsWith('/api/Bank/') ? undefined : cast.admin,
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(codeOf(response)).toBe('NOT_FOUND');
    }
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'open', amountCents: 1_500 });
  });

  it("another farm's member and subscription are 404 for MembershipCreate, SetPayed and the exports", async () => {
    const foreign = await subscribedMember(ctx, {
      username: `fx${++n}`,
      appId: cast.otherFarm,
      year: cast.year,
    });
    const local = await createSubscription(ctx.db, {
      appId: ctx.appId,
      name: `Lokaal ${++n}`,
      harvestYear: cast.year,
      adultPriceCents: 100,
    });
    const calls: Call[] = [
      {
        method: 'POST',
        url: '/api/applicationManager/bank/MembershipCreate',
        payload: { userId: foreign.member.id, subscriptionId: foreign.subscription.id },
      },
      {
        method: 'POST',
        url: '/api/applicationManager/bank/MembershipCreate',
        payload: { userId: foreign.member.id, subscriptionId: local.id },
      },
      {
        method: 'POST',
        url: '/api/applicationManager/User/SetPayed',
        payload: { userId: foreign.member.id, hasPaid: true },
      },
      {
        method: 'GET',
        url: `/api/applicationManager/export/transactions/subscription/${foreign.subscription.id}`,
      },
      {
        method: 'GET',
        url: `/api/applicationManager/export/transactions/subscription/currentHarvestYear/${foreign.subscription.id}`,
      },
    ];
    for (const call of calls) {
      const response = await ctx.request({ ...call, as: cast.admin });
      expect(response.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(404);
    }
    // A local member's transaction list filtered by another farm's member or subscription is empty.
    const page = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Paged',
      as: cast.admin,
      payload: { userId: foreign.member.id },
    });
    expect(page.json()).toMatchObject({ total: 0, items: [] });
    await subscribeUser(ctx.db, { appId: ctx.appId, userId: cast.member.id, subscriptionId: local.id });
    await createBankTransaction(ctx.db, {
      appId: cast.otherFarm,
      userId: foreign.member.id,
      subscriptionId: foreign.subscription.id,
      amountCents: 100,
      harvestYear: cast.year,
    });
    const byForeignSubscription = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Paged',
      as: cast.admin,
      payload: { subscriptionId: foreign.subscription.id },
    });
    expect(byForeignSubscription.json()).toMatchObject({ total: 0 });
  });

  it("a token of another farm's BankManager is not accepted here", async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Paged',
      as: cast.otherBankManager,
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});
