import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, users, wallets } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Concurrent donations (issue 8), on PostgreSQL only. Σ of member wallets must equal what the bank
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
});
