import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPayedResultSchema } from '@pluk/contract';
import { auditLog, bankTransactions } from '../src/db/schema/index.js';
import { createBankTransaction, type CreatedUser } from '../src/seed/factories.js';
import {
  bankTestContext,
  codeOf,
  eventsOf,
  hasPaidOf,
  subscribedMember,
  transactionRow,
  type BankCast,
} from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';

/**
 * `User/SetPayed` and `has_paid` (decision 077): has_paid follows this harvest year's transactions (an
 * open one: not paid; all paid: paid); a member without any keeps what a manager set by hand.
 */

let ctx: TestContext;
let cast: BankCast;
let n = 0;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
});
afterAll(() => ctx.close());

const setPayed = (userId: number, hasPaid: unknown, as: CreatedUser = cast.bankManager) =>
  ctx.request({
    method: 'POST',
    url: '/api/applicationManager/User/SetPayed',
    as,
    payload: { userId, hasPaid },
  });
const bank = (path: string, payload?: object) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/${path}`,
    as: cast.bankManager,
    ...(payload ? { payload } : {}),
  });
const paid = (appId: string, userId: number) => hasPaidOf(ctx, appId, userId);

describe('SetPayed', () => {
  it('marks a member without transactions paid and unpaid by hand, audit-logged', async () => {
    const member = await ctx.createUser({ username: `zonder${++n}` });
    const yes = await setPayed(member.id, true);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(setPayedResultSchema.parse(json(yes))).toEqual({
      userId: member.id,
      hasPaid: true,
      transactionsMarkedPaid: 0,
    });
    expect(await paid(ctx.appId, member.id)).toBe(true);
    const no = await setPayed(member.id, false);
    expect(json(no)).toMatchObject({ hasPaid: false, transactionsMarkedPaid: 0 });
    expect(await paid(ctx.appId, member.id)).toBe(false);
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.setPayed'), eq(auditLog.actorUserId, cast.bankManager.id)));
    expect(logged.map((row) => row.details)).toEqual([
      { userId: member.id, hasPaid: true, harvestYear: cast.year, transactionsMarkedPaid: 0 },
      { userId: member.id, hasPaid: false, harvestYear: cast.year, transactionsMarkedPaid: 0 },
    ]);
  });

  it("true marks this year's open transactions paid (manual) and leaves other years alone", async () => {
    const { member, transaction } = await subscribedMember(ctx, {
      username: `twee${++n}`,
      year: cast.year,
      withTransaction: 10_000,
    });
    const extra = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 500,
      harvestYear: cast.year,
    });
    const lastYear = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 700,
      harvestYear: cast.year - 1,
    });
    const cancelled = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 900,
      harvestYear: cast.year,
    });
    await bank(`cancel/${cancelled.id}`);
    expect(await paid(ctx.appId, member.id)).toBe(false);

    const response = await setPayed(member.id, true);
    expect(json(response)).toEqual({ userId: member.id, hasPaid: true, transactionsMarkedPaid: 2 });
    expect(await paid(ctx.appId, member.id)).toBe(true);
    for (const t of [transaction!, extra]) {
      expect(await transactionRow(ctx, t.id)).toMatchObject({ status: 'paid', paidVia: 'manual' });
      const events = await eventsOf(ctx, t.id);
      expect(events.at(-1)).toMatchObject({
        kind: 'paid',
        paidVia: 'manual',
        actorUserId: cast.bankManager.id,
        actorName: 'Bankier Test',
      });
      expect(events.at(-1)!.detail).toMatch(/SetPayed/);
    }
    expect((await transactionRow(ctx, lastYear.id))?.status).toBe('open');
    expect((await transactionRow(ctx, cancelled.id))?.status).toBe('cancelled');
    // Again: nothing left to mark.
    expect(json(await setPayed(member.id, true))).toMatchObject({ transactionsMarkedPaid: 0 });
  });

  it('false is refused with PAID_BY_TRANSACTIONS while a transaction of this year is paid', async () => {
    const { member, transaction } = await subscribedMember(ctx, {
      username: `betaald${++n}`,
      year: cast.year,
      withTransaction: 3_000,
    });
    await bank(`markPayed/${transaction!.id}`, { via: 'transfer' });
    expect(await paid(ctx.appId, member.id)).toBe(true);
    const refused = await setPayed(member.id, false);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('PAID_BY_TRANSACTIONS');
    expect(await paid(ctx.appId, member.id)).toBe(true);
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.setPayed'));
    expect(logged.filter((row) => (row.details as { userId?: number }).userId === member.id)).toEqual([]);
  });

  it('false is allowed with only last year paid or this year open', async () => {
    const member = await ctx.createUser({ username: `vorig${++n}` });
    const old = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 100,
      harvestYear: cast.year - 1,
    });
    await bank(`markPayed/${old.id}`, { via: 'cash' });
    await setPayed(member.id, true);
    expect(json(await setPayed(member.id, false))).toMatchObject({ hasPaid: false });
    await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 100,
      harvestYear: cast.year,
    });
    expect((await setPayed(member.id, false)).statusCode).toBe(200);
    expect(await paid(ctx.appId, member.id)).toBe(false);
  });

  it("is 404 for another farm's member and an unknown one; bad input is a Dutch 400", async () => {
    expect((await setPayed(cast.otherMember.id, true)).statusCode).toBe(404);
    expect(await paid(cast.otherFarm, cast.otherMember.id)).toBe(false);
    expect((await setPayed(999_999, true)).statusCode).toBe(404);
    const bad = await setPayed(cast.member.id, 'ja');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { fields: { hasPaid: string } } }>(bad).error.fields.hasPaid).toBe(
      'Kies betaald of niet betaald.',
    );
    expect((await setPayed(-3, true)).statusCode).toBe(400);
  });

  it('is for BankManagers (and ApplicationManagers, Admins)', async () => {
    const member = await ctx.createUser({ username: `rol${++n}` });
    expect((await setPayed(member.id, true, cast.member)).statusCode).toBe(403);
    expect((await setPayed(member.id, true, cast.taskManager)).statusCode).toBe(403);
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/applicationManager/User/SetPayed',
          payload: { userId: member.id, hasPaid: true },
        })
      ).statusCode,
    ).toBe(401);
    expect(await paid(ctx.appId, member.id)).toBe(false);
    expect((await setPayed(member.id, true, cast.applicationManager)).statusCode).toBe(200);
    expect((await setPayed(member.id, false, cast.admin)).statusCode).toBe(200);
  });
});

describe('has_paid follows the transactions of this harvest year', () => {
  it('open → not paid, all paid → paid, all cancelled → what was set by hand', async () => {
    const { member, subscription } = await subscribedMember(ctx, { username: `volg${++n}`, year: cast.year });
    await setPayed(member.id, true);
    expect(await paid(ctx.appId, member.id)).toBe(true);
    const created = json<{ id: number }>(
      await bank('MembershipCreate', { userId: member.id, subscriptionId: subscription.id }),
    );
    expect(await paid(ctx.appId, member.id)).toBe(false);
    const second = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: member.id,
      amountCents: 100,
      harvestYear: cast.year,
    });
    await bank(`markPayed/${created.id}`, { via: 'transfer' });
    // One of two paid: still not paid.
    expect(await paid(ctx.appId, member.id)).toBe(false);
    await bank(`markPayed/${second.id}`, { via: 'cash' });
    expect(await paid(ctx.appId, member.id)).toBe(true);

    const other = await ctx.createUser({ username: `annul${++n}` });
    await setPayed(other.id, true);
    const only = await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: other.id,
      amountCents: 100,
      harvestYear: cast.year,
    });
    expect(await paid(ctx.appId, other.id)).toBe(false);
    await bank(`cancel/${only.id}`);
    // No open or paid transaction this year: has_paid stays as it was.
    expect(await paid(ctx.appId, other.id)).toBe(false);
    await setPayed(other.id, true);
    expect(await paid(ctx.appId, other.id)).toBe(true);
    // A transaction of another year changes nothing about this one.
    await createBankTransaction(ctx.db, {
      appId: ctx.appId,
      userId: other.id,
      amountCents: 100,
      harvestYear: cast.year + 1,
    });
    expect(await paid(ctx.appId, other.id)).toBe(true);
    expect(
      (await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.userId, other.id))).length,
    ).toBe(2);
  });
});
