import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, requests, users, wallets } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Races on requests (decision 058), on PostgreSQL only: PGlite runs one statement at a time, so nothing
 * would race there. Each test fails when the lock it checks is removed (see ADR 059).
 */
describe.skipIf(!process.env.DATABASE_URL)('request races (PostgreSQL)', () => {
  let ctx: TestContext;
  let banker: CreatedUser;
  let requester: CreatedUser;
  const members: CreatedUser[] = [];
  let keyCounter = 0;
  const errorCode = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code;

  beforeAll(async () => {
    ctx = await createTestContext();
    banker = await ctx.createUser({ username: 'bankier', roles: ['BankManager'] });
    requester = await ctx.createUser({ username: 'vrager', firstName: 'Vera', lastName: 'Vrager' });
    for (let i = 0; i < 20; i += 1) {
      members.push(await ctx.createUser({ username: `racer${i}`, firstName: `Racer${i}`, lastName: 'Snel' }));
    }
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.appId, ctx.appId));
    const given = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/DonateVirtualMoney',
      as: banker,
      payload: {
        userIds: [requester.id],
        amountCents: 1000,
        reason: 'Start',
        idempotencyKey: `race-start-${++keyCounter}`,
      },
    });
    expect(given.statusCode, given.body).toBe(200);
  });
  afterAll(() => ctx.close());

  async function newRequest(rewardCents: number): Promise<number> {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/request/create',
      as: requester,
      payload: { title: `Race ${++keyCounter}`, rewardCents },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (json(response) as { id: number }).id;
  }

  it('20 members racing to take one request: exactly one gets it', async () => {
    const id = await newRequest(100);
    const responses = await Promise.all(
      members.map((m) =>
        ctx.request({ method: 'POST', url: '/api/request/take', as: m, payload: { requestId: id } }),
      ),
    );
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).map(errorCode)).toEqual(
      Array.from({ length: 19 }, () => 'REQUEST_NOT_OPEN'),
    );
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, id));
    expect(row!.status).toBe('taken');
    expect(row!.takenByUserId).toBe((json(ok[0]!) as { takenBy: { id: number } }).takenBy.id);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, requester.id), eq(notifications.link, `/requests/${id}`)));
    expect(told).toHaveLength(1);
  });

  it('20 concurrent confirms of one request: the reward moves once, the taker is told once', async () => {
    const id = await newRequest(250);
    const taker = members[3]!;
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/request/take',
      as: taker,
      payload: { requestId: id },
    });
    expect(taken.statusCode).toBe(200);
    const before = await balance(taker.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request({
          method: 'POST',
          url: '/api/request/confirm',
          as: requester,
          payload: { requestId: id },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const rows = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.requestId, id));
    expect(rows).toHaveLength(1);
    expect(await balance(taker.id)).toBe(before + 250);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, taker.id), eq(notifications.link, '/wallet')));
    expect(told.filter((n) => n.createdAt >= rows[0]!.createdAt)).toHaveLength(1);
  });

  it('20 concurrent rewards of 100 from a wallet with 1000 free: never more promised than there is', async () => {
    const promiser = await ctx.createUser({ username: 'belover', firstName: 'Bea', lastName: 'Belover' });
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.id, promiser.id));
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/DonateVirtualMoney',
      as: banker,
      payload: {
        userIds: [promiser.id],
        amountCents: 1000,
        reason: 'Start',
        idempotencyKey: `race-promise-${++keyCounter}`,
      },
    });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.request({
          method: 'POST',
          url: '/api/request/create',
          as: promiser,
          payload: { title: `Belofte ${i}`, rewardCents: 100 },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409).map(errorCode)).toEqual(
      Array.from({ length: 10 }, () => 'INSUFFICIENT_FUNDS'),
    );
    const [promised] = await ctx.db
      .select({ total: sql<number>`sum(${requests.rewardCents})::int` })
      .from(requests)
      .where(eq(requests.requesterUserId, promiser.id));
    expect(promised!.total).toBe(1000);
  });

  async function balance(userId: number): Promise<number> {
    const [row] = await ctx.db
      .select({ b: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, userId));
    return row?.b ?? 0;
  }
});
