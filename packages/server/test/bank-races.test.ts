import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankTransactionEvents, bankTransactions } from '../src/db/schema/index.js';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { bankTestContext, codeOf, type BankCast } from './helpers/bank-core.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * Races on the bank (decision 077), on PostgreSQL only: PGlite runs one statement at a time, so nothing
 * races there. One open or paid transaction per member and subscription is kept by the unique index
 * `bank_transactions_one_live_per_subscription`: the yearly run inserts `on conflict do nothing` (a
 * concurrent run's rows are waited for, then skipped), MembershipCreate answers the violation as
 * TRANSACTION_EXISTS. Seen failing with the protection removed: without `on conflict do nothing` the
 * later runs answered 409 CONFLICT; without the index, two runs made two transactions per member.
 */
describe.skipIf(!process.env.DATABASE_URL)('bank races (PostgreSQL)', () => {
  let ctx: TestContext;
  let cast: BankCast;
  const members: CreatedUser[] = [];
  let round = 0;

  beforeAll(async () => {
    ({ ctx, cast } = await bankTestContext());
    for (let i = 0; i < 40; i += 1) {
      members.push(await ctx.createUser({ username: `racer${i}`, firstName: `Racer${i}`, lastName: 'Snel' }));
    }
  });
  afterAll(() => ctx?.close());

  /** A subscription of a fresh harvest year that every racer has. */
  async function subscriptionForAll(adultPriceCents = 10_000) {
    round += 1;
    const subscription = await createSubscription(ctx.db, {
      appId: ctx.appId,
      name: `Race ${round}`,
      harvestYear: cast.year + round,
      adultPriceCents,
    });
    for (const member of members) {
      await subscribeUser(ctx.db, { appId: ctx.appId, userId: member.id, subscriptionId: subscription.id });
    }
    return { ...subscription, harvestYear: cast.year + round };
  }

  const liveOf = (subscriptionId: number) =>
    ctx.db
      .select({ userId: bankTransactions.userId })
      .from(bankTransactions)
      .where(
        and(eq(bankTransactions.subscriptionId, subscriptionId), ne(bankTransactions.status, 'cancelled')),
      );

  const yearly = (harvestYear: number) =>
    ctx.request({
      method: 'POST',
      url: '/api/applicationManager/administration-actions/create-yearly-transactions',
      as: cast.bankManager,
      payload: { harvestYear, dueDate: '2030-06-01' },
    });

  it('five yearly runs at once make one set: one transaction per member, every run answered', async () => {
    const subscription = await subscriptionForAll();
    const responses = await Promise.all(Array.from({ length: 5 }, () => yearly(subscription.harvestYear)));
    expect(responses.map(codeOf)).toEqual(responses.map(() => 'OK'));
    const created = responses.map((r) => (r.json() as { created: number }).created);
    expect(created.reduce((a, b) => a + b, 0)).toBe(members.length);
    const rows = await liveOf(subscription.id);
    expect(rows).toHaveLength(members.length);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(members.length);
    const [events] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(bankTransactionEvents)
      .innerJoin(bankTransactions, eq(bankTransactions.id, bankTransactionEvents.transactionId))
      .where(eq(bankTransactions.subscriptionId, subscription.id));
    // One `created` row per transaction: a skipped insert writes none.
    expect(Number(events?.count)).toBe(members.length);
  });

  it('yearly runs and MembershipCreate clicks at once still make one per member', async () => {
    const subscription = await subscriptionForAll(5_000);
    const clicks = members.slice(0, 10).map((member) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/bank/MembershipCreate',
        as: cast.bankManager,
        payload: { userId: member.id, subscriptionId: subscription.id },
      }),
    );
    const responses = await Promise.all([
      yearly(subscription.harvestYear),
      ...clicks,
      yearly(subscription.harvestYear),
    ]);
    for (const response of responses) expect(['OK', 'TRANSACTION_EXISTS']).toContain(codeOf(response));
    const rows = await liveOf(subscription.id);
    expect(rows).toHaveLength(members.length);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(members.length);
  });

  it('eight MembershipCreate clicks at once: one transaction, the others TRANSACTION_EXISTS', async () => {
    const subscription = await subscriptionForAll();
    const member = members[0]!;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.request({
          method: 'POST',
          url: '/api/applicationManager/bank/MembershipCreate',
          as: cast.bankManager,
          payload: { userId: member.id, subscriptionId: subscription.id },
        }),
      ),
    );
    const codes = responses.map(codeOf);
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'TRANSACTION_EXISTS')).toHaveLength(7);
    expect(await liveOf(subscription.id)).toHaveLength(1);
  });

  it('mark paid and cancel of one transaction at once: exactly one wins, one audit row', async () => {
    for (let i = 0; i < 5; i += 1) {
      const transaction = await createBankTransaction(ctx.db, {
        appId: ctx.appId,
        userId: members[i]!.id,
        amountCents: 1_000,
        harvestYear: cast.year,
      });
      const act = (path: string, payload?: object) =>
        ctx.request({
          method: 'POST',
          url: `/api/applicationManager/bank/${path}/${transaction.id}`,
          as: cast.bankManager,
          ...(payload ? { payload } : {}),
        });
      const responses = await Promise.all([
        act('markPayed', { via: 'cash' }),
        act('cancel'),
        act('markPayed', { via: 'transfer' }),
        act('cancel'),
      ]);
      const codes = responses.map(codeOf);
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c === 'TRANSACTION_ALREADY_HANDLED')).toHaveLength(3);
      const events = await ctx.db
        .select({ kind: bankTransactionEvents.kind })
        .from(bankTransactionEvents)
        .where(eq(bankTransactionEvents.transactionId, transaction.id));
      expect(events.map((e) => e.kind).sort()).toEqual(
        [
          'created',
          responses[0]!.statusCode === 200 || responses[2]!.statusCode === 200 ? 'paid' : 'cancelled',
        ].sort(),
      );
    }
  });
});
