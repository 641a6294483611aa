import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedTransactionsSchema, type PagedTransactions } from '@pluk/contract';
import { bankTransactions } from '../src/db/schema/index.js';
import { createBankTransaction, createSubscription, type CreatedUser } from '../src/seed/factories.js';
import { bankTestContext, type BankCast } from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';
import { genericPlan, statementsDuring } from './helpers/query-plan.js';

/**
 * `POST applicationManager/bank/Paged`: the bank screen's list and a user's transactions. Filtered,
 * the latest first, paged like every list (ADR 056): OFFSET pages and the keyset cursor walk the same
 * rows, even with equal timestamps; on the farm's own index; never another farm's row.
 */

let ctx: TestContext;
let cast: BankCast;
let jan: CreatedUser;
let mia: CreatedUser;
let groot: { id: number };
let klein: { id: number };
/** Ids of this farm's 25 transactions, the latest first. */
let expectedOrder: number[];

const paged = (body: object, as: CreatedUser = cast.bankManager) =>
  ctx.request({ method: 'POST', url: '/api/applicationManager/bank/Paged', as, payload: body });

async function page(body: object): Promise<PagedTransactions> {
  const response = await paged(body);
  expect(response.statusCode, response.body).toBe(200);
  return pagedTransactionsSchema.parse(json(response));
}

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
  jan = await ctx.createUser({
    username: 'jan',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan.peeters@veld.test',
  });
  mia = await ctx.createUser({
    username: 'mia',
    firstName: 'Mia',
    lastName: 'Claes',
    email: 'mia@hoeve.test',
  });
  groot = await createSubscription(ctx.db, { appId: ctx.appId, name: 'Groot', harvestYear: cast.year });
  klein = await createSubscription(ctx.db, { appId: ctx.appId, name: 'Klein', harvestYear: cast.year - 1 });
  const made: { id: number }[] = [];
  for (let i = 0; i < 25; i++) {
    const forJan = i % 2 === 0;
    made.push(
      await createBankTransaction(ctx.db, {
        appId: ctx.appId,
        userId: forJan ? jan.id : mia.id,
        payerName: forJan ? 'Jan Peeters' : 'Mia Claes',
        amountCents: 1_000 + i,
        harvestYear: i < 15 ? cast.year : cast.year - 1,
        // One live transaction per member and subscription: Groot for Jan and Mia, Klein likewise.
        subscriptionId: i === 0 || i === 3 ? groot.id : i === 15 || i === 16 ? klein.id : null,
        description: i === 7 ? 'Bak eieren extra' : `Abonnement ${i}`,
      }),
    );
  }
  // Timestamps in groups of three equal ones, a microsecond apart: only the id breaks the ties.
  for (const [i, t] of made.entries()) {
    const micros = Math.floor(i / 3);
    await ctx.db
      .update(bankTransactions)
      .set({
        createdAt: sql`('2026-03-01T10:00:00Z'::timestamptz + make_interval(secs => ${micros / 1_000_000}))`,
      })
      .where(eq(bankTransactions.id, t.id));
  }
  expectedOrder = made
    .map((t, i) => ({ id: t.id, group: Math.floor(i / 3) }))
    .sort((a, b) => b.group - a.group || b.id - a.id)
    .map((t) => t.id);
  // Two paid, one cancelled.
  for (const id of [made[0]!.id, made[2]!.id]) {
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/markPayed/${id}`,
      as: cast.bankManager,
      payload: { via: 'cash' },
    });
  }
  await ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/cancel/${made[4]!.id}`,
    as: cast.bankManager,
  });
  // Another farm's transactions, with the same names and words: never in this farm's list.
  const stranger = await ctx.createUser({
    appId: cast.otherFarm,
    username: 'jan-elders',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan.peeters@elders.test',
  });
  for (let i = 0; i < 3; i++) {
    await createBankTransaction(ctx.db, {
      appId: cast.otherFarm,
      userId: stranger.id,
      payerName: 'Jan Peeters',
      amountCents: 500,
      harvestYear: cast.year,
      description: 'Bak eieren extra',
    });
  }
});
afterAll(() => ctx.close());

describe('the bank list', () => {
  it('lists this farm only, the latest first, 20 to a page by default, with capped totals', async () => {
    const first = await page({});
    expect(first).toMatchObject({ page: 1, rowsPerPage: 20, total: 25, totalIsLowerBound: false });
    expect(first.items.map((t) => t.id)).toEqual(expectedOrder.slice(0, 20));
    expect(first.nextCursor).not.toBeNull();
    const second = await page({ page: 2 });
    expect(second.items.map((t) => t.id)).toEqual(expectedOrder.slice(20));
    expect(second).toMatchObject({ total: 25, nextCursor: null });
    expect(first.items[0]).toMatchObject({ payerName: expect.any(String), userEmail: expect.any(String) });
  });

  it('follows the keyset cursor over the same rows as OFFSET pages, each once', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const current: PagedTransactions = await page({ rowsPerPage: 4, ...(after ? { after } : {}) });
      seen.push(...current.items.map((t) => t.id));
      after = current.nextCursor;
      pages += 1;
    } while (after && pages < 20);
    expect(pages).toBe(7);
    expect(seen).toEqual(expectedOrder);
  });

  it('answers a forged cursor and bad paging with Dutch messages', async () => {
    const forged = await paged({ after: Buffer.from('["x", 1]').toString('base64url') });
    expect(forged.statusCode).toBe(400);
    expect(json<{ error: { fields: { after: string } } }>(forged).error.fields.after).toMatch(/opnieuw/);
    expect((await paged({ after: 'niet/geldig' })).statusCode).toBe(400);
    expect((await paged({ rowsPerPage: 201 })).statusCode).toBe(400);
    expect((await paged({ page: 0 })).statusCode).toBe(400);
    const long = await paged({ search: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(json<{ error: { fields: { search: string } } }>(long).error.fields.search).toMatch(
      /100|lang|te groot/i,
    );
    expect((await paged({ status: 'betaald' })).statusCode).toBe(400);
    expect((await paged({ harvestYear: 1999 })).statusCode).toBe(400);
    expect((await paged({ userId: 0 })).statusCode).toBe(400);
  });

  it('filters by harvest year, status, subscription and member', async () => {
    expect((await page({ harvestYear: cast.year, rowsPerPage: 50 })).total).toBe(15);
    expect((await page({ harvestYear: cast.year - 1, rowsPerPage: 50 })).total).toBe(10);
    const paid = await page({ status: 'paid' });
    expect(paid.items.map((t) => t.status)).toEqual(['paid', 'paid']);
    expect((await page({ status: 'cancelled' })).total).toBe(1);
    expect((await page({ status: 'open', rowsPerPage: 50 })).total).toBe(22);
    const grootOnes = await page({ subscriptionId: groot.id });
    expect(grootOnes.total).toBe(2);
    expect(grootOnes.items.every((t) => t.subscriptionName === 'Groot')).toBe(true);
    expect((await page({ subscriptionId: klein.id })).total).toBe(2);
    expect((await page({ subscriptionId: klein.id, harvestYear: cast.year })).total).toBe(0);
    // A user's transactions (docs/product/api-and-routes.md, "Paging": page 1, 20 rows).
    const jans = await page({ userId: jan.id });
    expect(jans.total).toBe(13);
    expect(jans.items.every((t) => t.userId === jan.id)).toBe(true);
    expect(jans.items.map((t) => t.id)).toEqual(
      expectedOrder.filter((id) => jans.items.some((t) => t.id === id)),
    );
    expect((await page({ userId: mia.id, status: 'cancelled' })).total).toBe(0);
    expect((await page({ userId: cast.otherMember.id })).total).toBe(0);
  });

  it('searches payer name, e-mail, description and the structured reference', async () => {
    expect((await page({ search: 'peeters', rowsPerPage: 50 })).total).toBe(13);
    expect((await page({ search: 'MIA@HOEVE', rowsPerPage: 50 })).total).toBe(12);
    const eggs = await page({ search: 'eieren' });
    expect(eggs.items.map((t) => t.description)).toEqual(['Bak eieren extra']);
    const target = (await page({ rowsPerPage: 1 })).items[0]!;
    const digits = target.structuredReference;
    const printed = `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
    for (const search of [digits, printed, digits.slice(0, 10)]) {
      const found = await page({ search });
      expect(
        found.items.map((t) => t.id),
        search,
      ).toContain(target.id);
      expect(found.total, search).toBe(1);
    }
    // LIKE's own characters are plain text.
    expect((await page({ search: '%' })).total).toBe(0);
    expect((await page({ search: '_' })).total).toBe(0);
    expect((await page({ search: '   ' })).total).toBe(25);
  });

  it('is for BankManagers: a member and a TaskManager are refused, anonymous is 401', async () => {
    expect((await paged({}, cast.member)).statusCode).toBe(403);
    expect((await paged({}, cast.taskManager)).statusCode).toBe(403);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/applicationManager/bank/Paged', payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await paged({}, cast.applicationManager)).statusCode).toBe(200);
    // The other farm's BankManager sees only the other farm (on its own host).
    const there = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Paged',
      as: cast.otherBankManager,
      headers: { host: `${cast.otherFarm}.test` },
      payload: { search: 'peeters' },
    });
    expect(json<PagedTransactions>(there).total).toBe(3);
  });
});

/** The generic plan of the list's statement, sequential scans priced out (the tables are tiny). */
async function planOf(body: object): Promise<string> {
  const { result: response, statements } = await statementsDuring(() => paged(body));
  expect(response.statusCode, response.body).toBe(200);
  const list = statements.filter((s) => s.query.includes('order by "bank_transactions"."created_at" desc'));
  expect(list).toHaveLength(1);
  expect(list[0]!.query).not.toMatch(/\blimit \$\d/i);
  return genericPlan(ctx.db, list[0]!);
}

describe('the bank list reads its index', () => {
  // The list's own rows come from one of the farm's `(app_id, …, created_at, id)` indexes read backwards,
  // so a page stops after its rows (on these few rows PostgreSQL may pick the farm-wide one for a year).
  const ordered = /Index Scan Backward using (bank_transactions_app_\w+) on bank_transactions /;

  it('the whole farm by creation, a member by member and creation, a year on an index of the farm', async () => {
    const all = await planOf({});
    expect(all.match(ordered)?.[1]).toBe('bank_transactions_app_created');
    expect(all).not.toMatch(/Seq Scan/);
    const member = await planOf({ userId: jan.id });
    expect(member.match(ordered)?.[1]).toBe('bank_transactions_app_user');
    const year = await planOf({ harvestYear: cast.year, status: 'open' });
    expect(year.match(ordered)?.[1]).toMatch(/^bank_transactions_app_(year|created)$/);
    expect(year).not.toMatch(/Seq Scan/);
  });
});
