import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyTransactionsPreviewSchema, yearlyTransactionsResultSchema } from '@pluk/contract';
import { bankTransactionEvents, bankTransactions, users } from '../src/db/schema/index.js';
import {
  createBankTransaction,
  createSubscription,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { bankTestContext, codeOf, expectFieldError, type BankCast } from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';

/**
 * `create-yearly-transactions`: one transaction per household's subscription of a harvest year that has
 * no open or paid one, at the household's price; the run is one database transaction and never makes
 * one twice (the races on PostgreSQL are in bank-races.test.ts).
 */

let ctx: TestContext;
let cast: BankCast;
const url = '/api/applicationManager/administration-actions/create-yearly-transactions';
let groot: { id: number };
let klein: { id: number };
let gratis: { id: number };
let vorig: { id: number };
let gezin: CreatedUser;
let alleen: CreatedUser;
let heeftAl: CreatedUser;
let geannuleerd: CreatedUser;
let inactief: CreatedUser;
let wachtend: CreatedUser;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
  const year = cast.year;
  const sub = (name: string, harvestYear: number, adultPriceCents: number, childPriceCents = 0) =>
    createSubscription(ctx.db, { appId: ctx.appId, name, harvestYear, adultPriceCents, childPriceCents });
  groot = await sub('Groot', year, 10_000, 4_000);
  klein = await sub('Klein', year, 5_000);
  gratis = await sub('Gratis', year, 0, 0);
  vorig = await sub('Groot', year - 1, 9_000);
  const member = (username: string, extra: Parameters<TestContext['createUser']>[0] = { username }) =>
    ctx.createUser({ firstName: username, lastName: 'Jaar', ...extra, username });
  gezin = await member('gezin', {
    username: 'gezin',
    household: [
      { name: 'Partner', isAdult: true, yearOfBirth: null },
      { name: 'Kind', isAdult: false, yearOfBirth: 2019 },
    ],
  });
  alleen = await member('alleen');
  heeftAl = await member('heeftal');
  geannuleerd = await member('geannuleerd');
  inactief = await member('inactief', { username: 'inactief', active: false });
  wachtend = await member('wachtend', { username: 'wachtend', approved: false });
  const give = (user: CreatedUser, subscription: { id: number }, appId = ctx.appId) =>
    subscribeUser(ctx.db, { appId, userId: user.id, subscriptionId: subscription.id });
  await give(gezin, groot);
  await give(gezin, klein);
  await give(gezin, gratis);
  await give(gezin, vorig);
  await give(alleen, groot);
  await give(heeftAl, groot);
  await give(geannuleerd, klein);
  await give(inactief, groot);
  await give(wachtend, groot);
  await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: heeftAl.id,
    subscriptionId: groot.id,
    amountCents: 1,
    harvestYear: year,
  });
  const cancelled = await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: geannuleerd.id,
    subscriptionId: klein.id,
    amountCents: 1,
    harvestYear: year,
  });
  await ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/cancel/${cancelled.id}`,
    as: cast.bankManager,
  });
  // Another farm with a subscription of the same year: never part of this farm's run.
  const foreignSub = await createSubscription(ctx.db, {
    appId: cast.otherFarm,
    name: 'Groot',
    harvestYear: year,
    adultPriceCents: 10_000,
  });
  await give(cast.otherMember, foreignSub, cast.otherFarm);
  await ctx.db.update(users).set({ hasPaid: true }).where(eq(users.id, alleen.id));
});
afterAll(() => ctx.close());

const preview = (harvestYear: number | string, as = cast.bankManager) =>
  ctx.request({ method: 'GET', url: `${url}?harvestYear=${harvestYear}`, as });
const create = (body: object, as = cast.bankManager) =>
  ctx.request({ method: 'POST', url, as, payload: body });

describe('yearly transactions', () => {
  it('previews one per subscription of approved, active members without one, at the household price', async () => {
    const response = await preview(cast.year);
    expect(response.statusCode, response.body).toBe(200);
    expect(yearlyTransactionsPreviewSchema.parse(json(response))).toEqual({
      harvestYear: cast.year,
      count: 4,
      totalCents: 2 * 10_000 + 4_000 + 10_000 + 2 * 5_000 + 5_000,
      subscriptions: [
        { subscriptionId: groot.id, name: 'Groot', count: 2, totalCents: 24_000 + 10_000 },
        { subscriptionId: klein.id, name: 'Klein', count: 2, totalCents: 10_000 + 5_000 },
      ],
    });
    const lastYear = yearlyTransactionsPreviewSchema.parse(json(await preview(cast.year - 1)));
    expect(lastYear).toMatchObject({ count: 1, totalCents: 2 * 9_000 });
    expect(json(await preview(cast.year + 5))).toEqual({
      harvestYear: cast.year + 5,
      count: 0,
      totalCents: 0,
      subscriptions: [],
    });
  });

  it('creates them in one go, due on the chosen day, with their audit rows; a second run creates none', async () => {
    const response = await create({ harvestYear: cast.year, dueDate: '2030-04-01' });
    expect(response.statusCode, response.body).toBe(200);
    expect(yearlyTransactionsResultSchema.parse(json(response))).toEqual({
      harvestYear: cast.year,
      created: 4,
      totalCents: 49_000,
    });
    const made = await ctx.db
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.dueDate, '2030-04-01'))
      .orderBy(bankTransactions.id);
    expect(
      made.map((t) => [t.userId, t.subscriptionId, t.amountCents, t.description, t.status, t.appId]),
    ).toEqual([
      [gezin.id, groot.id, 24_000, `Abonnement Groot ${cast.year}`, 'open', ctx.appId],
      [alleen.id, groot.id, 10_000, `Abonnement Groot ${cast.year}`, 'open', ctx.appId],
      [gezin.id, klein.id, 10_000, `Abonnement Klein ${cast.year}`, 'open', ctx.appId],
      [geannuleerd.id, klein.id, 5_000, `Abonnement Klein ${cast.year}`, 'open', ctx.appId],
    ]);
    expect(made[0]).toMatchObject({ payerName: 'gezin Jaar', harvestYear: cast.year });
    for (const t of made) {
      expect(t.structuredReference).toMatch(/^\d{12}$/);
      expect(t.publicId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const events = await ctx.db
        .select()
        .from(bankTransactionEvents)
        .where(eq(bankTransactionEvents.transactionId, t.id));
      expect(events).toEqual([
        expect.objectContaining({
          kind: 'created',
          toStatus: 'open',
          amountCents: t.amountCents,
          actorUserId: cast.bankManager.id,
          actorName: 'Bankier Test',
        }),
      ]);
    }
    // Owing for the current year: not paid any more.
    const [row] = await ctx.db.select({ hasPaid: users.hasPaid }).from(users).where(eq(users.id, alleen.id));
    expect(row?.hasPaid).toBe(false);

    const again = await create({ harvestYear: cast.year, dueDate: '2030-05-01' });
    expect(json(again)).toEqual({ harvestYear: cast.year, created: 0, totalCents: 0 });
    expect(json(await preview(cast.year))).toMatchObject({ count: 0, subscriptions: [] });
    expect(
      await ctx.db.select().from(bankTransactions).where(eq(bankTransactions.appId, cast.otherFarm)),
    ).toEqual([]);
  });

  it('answers bad input with Dutch field messages and is for BankManagers', async () => {
    const cases: [object, string][] = [
      [{ dueDate: '2030-04-01' }, 'harvestYear'],
      [{ harvestYear: 1999, dueDate: '2030-04-01' }, 'harvestYear'],
      [{ harvestYear: 2026.5, dueDate: '2030-04-01' }, 'harvestYear'],
      [{ harvestYear: cast.year }, 'dueDate'],
      [{ harvestYear: cast.year, dueDate: '2030-02-29' }, 'dueDate'],
      [{ harvestYear: cast.year, dueDate: 'volgende week' }, 'dueDate'],
    ];
    for (const [body, field] of cases) {
      expectFieldError(await create(body), field, /[a-z]/, JSON.stringify(body));
    }
    expect((await preview('')).statusCode).toBe(400);
    expect((await preview('twee')).statusCode).toBe(400);
    expect(codeOf(await preview(cast.year, cast.taskManager))).toBe('FORBIDDEN');
    expect(codeOf(await create({ harvestYear: cast.year, dueDate: '2030-01-01' }, cast.member))).toBe(
      'FORBIDDEN',
    );
    expect((await preview(cast.year, cast.applicationManager)).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: `${url}?harvestYear=${cast.year}` })).statusCode).toBe(
      401,
    );
  });
});
