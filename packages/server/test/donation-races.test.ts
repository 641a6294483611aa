import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, requests, users, wallets } from '../src/db/schema/index.js';
import { reservedCents } from '../src/modules/wallet/reserved.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Concurrent donations (decision 059), on PostgreSQL only. Σ of member wallets must equal what the bank
 * issued, every member is credited once per key, and overlapping donations never deadlock.
 */
describe.skipIf(!process.env.DATABASE_URL)('donation races (PostgreSQL)', () => {
  let ctx: TestContext;
  let banker: CreatedUser;
  const members: CreatedUser[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    banker = await ctx.createUser({ username: 'bankier', roles: ['BankManager'] });
    for (let i = 0; i < 20; i += 1)
      members.push(await ctx.createUser({ username: `lid${i}`, firstName: `Lid${i}` }));
    await ctx.db.update(users).set({ isTransactionable: true }).where(eq(users.appId, ctx.appId));
    // The members' wallets exist before the bank's, so a member wallet's id is below the bank's: a
    // donation that locked wallet by wallet (member, bank, next member, …) would deadlock another.
    await ctx.db
      .insert(wallets)
      .values(members.map((m) => ({ appId: ctx.appId, kind: 'member', userId: m.id })));
  });
  afterAll(() => ctx.close());

  const donate = (userIds: number[], amountCents: number, idempotencyKey: string) =>
    ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/DonateVirtualMoney',
      as: banker,
      payload: { userIds, amountCents, reason: 'Race', idempotencyKey },
    });

  async function sums() {
    const [members] = await ctx.db
      .select({ total: sql<number>`coalesce(sum(${wallets.balanceCents}), 0)::int` })
      .from(wallets)
      .where(and(eq(wallets.appId, ctx.appId), eq(wallets.kind, 'member')));
    const [bank] = await ctx.db
      .select({ balance: wallets.balanceCents })
      .from(wallets)
      .where(and(eq(wallets.appId, ctx.appId), eq(wallets.kind, 'bank')));
    const [negative] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wallets)
      .where(and(eq(wallets.kind, 'member'), sql`${wallets.balanceCents} < 0`));
    return { members: members!.total, issued: -(bank?.balance ?? 0), negative: negative!.n };
  }

  it('the same key sent 20 times at once credits each member once', async () => {
    const ids = members.map((m) => m.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => donate(ids, 300, 'same-key-race-1')),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const donated = responses.map((r) => (json(r) as { donatedCount: number }).donatedCount);
    expect(donated.reduce((a, b) => a + b, 0)).toBe(20);
    for (const m of members) {
      const [w] = await ctx.db.select().from(wallets).where(eq(wallets.userId, m.id));
      expect(w!.balanceCents).toBe(300);
    }
    const rows = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.idempotencyKey} like 'donation:same-key-race-1:%'`);
    expect(rows).toHaveLength(20);
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, members[0]!.id), eq(notifications.link, '/wallet')));
    expect(told).toHaveLength(1);
    expect(await sums()).toEqual({ members: 6000, issued: 6000, negative: 0 });
  });

  it('overlapping donations with their own keys all pass, without deadlock, and Σ wallets = Σ issued', async () => {
    const before = await sums();
    // 30 donations, each to a different overlapping window of members, ids in scrambled order.
    const calls = Array.from({ length: 30 }, (_, i) => {
      const window = members.slice(i % 10, (i % 10) + 8).map((m) => m.id);
      return donate(i % 2 ? window.reverse() : window, 10 + i, `overlap-${i}`);
    });
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 30 }, () => 200));
    const expected = Array.from({ length: 30 }, (_, i) => 8 * (10 + i)).reduce((a, b) => a + b, 0);
    const after = await sums();
    expect(after.members - before.members).toBe(expected);
    expect(after).toEqual({ members: after.issued, issued: after.issued, negative: 0 });
    // The bank's stored donation count (ADR 070) is its donation rows, however the donations interleaved.
    const [bank] = await ctx.db
      .select({ id: wallets.id, stored: wallets.donationCount })
      .from(wallets)
      .where(and(eq(wallets.appId, ctx.appId), eq(wallets.kind, 'bank')));
    const [rows] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.fromWalletId, bank!.id), eq(ledgerEntries.kind, 'donation')));
    expect(bank!.stored).toBe(rows!.n);
    // And once more with the same keys: nothing changes.
    const again = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        donate(
          members.slice(i % 10, (i % 10) + 8).map((m) => m.id),
          10 + i,
          `overlap-${i}`,
        ),
      ),
    );
    expect(again.every((r) => (json(r) as { donatedCount: number }).donatedCount === 0)).toBe(true);
    expect(await sums()).toEqual(after);
  });
  it('mixed donations, rewards promised, takes, confirms and refusals at once keep the ledger whole', async () => {
    const post = (url: string, as: CreatedUser, payload: Record<string, unknown>) =>
      ctx.request({ method: 'POST', url: `/api/${url}`, as, payload });
    // Every member asks one thing, rewards of 100..290 (each member holds at least 300 by now).
    const asked = await Promise.all(
      members.map(async (m, i) => {
        const response = await post('request/create', m, { title: `Mix ${i}`, rewardCents: 100 + 10 * i });
        expect(response.statusCode, response.body).toBe(200);
        return { id: (json(response) as { id: number }).id, requester: m, index: i };
      }),
    );
    // Two members race to take each request, while donations (some with repeated keys) run.
    const round1 = await Promise.all([
      ...asked.flatMap((r) => [
        post('request/take', members[(r.index + 1) % 20]!, { requestId: r.id }),
        post('request/take', members[(r.index + 2) % 20]!, { requestId: r.id }),
      ]),
      ...Array.from({ length: 20 }, (_, i) =>
        donate([members[i]!.id, members[(i + 5) % 20]!.id], 50, `mix-${i % 10}`),
      ),
    ]);
    expect(round1.filter((r) => r.statusCode >= 500)).toEqual([]);
    // Confirm the even requests three times each, refuse the odd ones, and promise more rewards, at once.
    const round2 = await Promise.all([
      ...asked.flatMap((r) =>
        r.index % 2 === 0
          ? [1, 2, 3].map(() => post('request/confirm', r.requester, { requestId: r.id }))
          : [post('request/refuse', r.requester, { requestId: r.id })],
      ),
      ...members.map((m, i) => post('request/create', m, { title: `Extra ${i}`, rewardCents: 200 })),
      ...Array.from({ length: 10 }, (_, i) => donate([members[i * 2]!.id], 25, `mix2-${i % 5}`)),
    ]);
    expect(round2.filter((r) => r.statusCode >= 500)).toEqual([]);
    expect(
      round2
        .filter((r) => r.statusCode === 409)
        .every((r) => (r.json() as { error: { code: string } }).error.code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);

    const totals = await sums();
    expect(totals.members).toBe(totals.issued);
    expect(totals.negative).toBe(0);
    const [donated] = await ctx.db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'donation'));
    expect(donated!.total).toBe(totals.issued);
    // Every reward movement is the reward of one completed request, once; every completed one paid.
    const rewards = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'reward'));
    const all = await ctx.db.select().from(requests).where(eq(requests.appId, ctx.appId));
    const completed = all.filter((r) => r.status === 'completed');
    expect(completed.map((r) => r.id).sort()).toEqual(
      asked
        .filter((r) => r.index % 2 === 0)
        .map((r) => r.id)
        .sort(),
    );
    expect(rewards.map((e) => e.requestId).sort()).toEqual(completed.map((r) => r.id).sort());
    for (const entry of rewards) {
      expect(entry.amountCents).toBe(completed.find((r) => r.id === entry.requestId)!.rewardCents);
    }
    // Nobody has promised more than they hold.
    for (const m of members) {
      const [w] = await ctx.db.select().from(wallets).where(eq(wallets.userId, m.id));
      expect(await reservedCents(ctx.db, ctx.appId, m.id)).toBeLessThanOrEqual(w!.balanceCents);
    }
    // Repeating every confirm and donation changes nothing.
    await Promise.all([
      ...asked
        .filter((r) => r.index % 2 === 0)
        .map((r) => post('request/confirm', r.requester, { requestId: r.id })),
      ...Array.from({ length: 20 }, (_, i) =>
        donate([members[i]!.id, members[(i + 5) % 20]!.id], 50, `mix-${i % 10}`),
      ),
    ]);
    expect(await sums()).toEqual(totals);
  });
});
