import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkResultSchema, reminderScheduleSchema } from '@pluk/contract';
import { bankTransactions, jobs } from '../src/db/schema/index.js';
import { farmToday } from '../src/modules/bank/emails/generate.js';
import { sendDueReminders } from '../src/modules/bank/reminders/due-reminders.js';
import { currentHarvestYear } from '../src/modules/harvest-year.js';
import { createBankTransaction, type CreatedUser } from '../src/seed/factories.js';
import { eventsOf, expectFieldError } from './helpers/bank-core.js';
import { type SmtpStandIn, startSmtpServer } from './helpers/smtp.js';
import { createTestContext, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * Payment reminders on the farm's schedule (ADR 093): the periodic run sends what is
 * due through the durable queue (one job per reminder, keyed by transaction and number), in the
 * transaction's history, never more than the schedule allows, never for a paused member; a manager sends
 * them now for a selection, and marks a selection paid, with a result per row.
 */
let ctx: TestContext;
let smtp: SmtpStandIn;
let year: number;
beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
  year = (await currentHarvestYear(ctx.db, ctx.appId)).year;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

interface Farm {
  appId: string;
  host: string;
  manager: CreatedUser;
}
let farms = 0;
async function newFarm(schedule?: Record<string, unknown>): Promise<Farm> {
  farms += 1;
  const appId = `herinner${farms}`;
  const host = `${appId}.test`;
  await ctx.createApp({
    appId,
    name: `Hoeve ${farms}`,
    hosts: [host],
    settings: [
      { key: 'smtp.host', value: '127.0.0.1' },
      { key: 'smtp.port', value: String(smtp.port) },
      { key: 'publicUrl', value: `https://${appId}.example` },
      { key: 'bank.iban', value: 'BE68539007547034' },
      { key: 'bank.accountName', value: 'Hoeve vzw' },
    ],
  });
  const manager = await ctx.createUser({ appId, username: uniqueName('kassier'), roles: ['BankManager'] });
  const farm = { appId, host, manager };
  if (schedule) {
    const saved = await put(farm, 'reminderSchedule', schedule);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return farm;
}

const request = (
  farm: Farm,
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  payload?: unknown,
  as?: CreatedUser,
) =>
  ctx.request({
    method,
    url: `/api/applicationManager/bank/${path}`,
    headers: { host: farm.host },
    as: as ?? farm.manager,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const put = (farm: Farm, path: string, payload: unknown) => request(farm, 'PUT', path, payload);

const member = (farm: Farm, firstName: string, email?: string) =>
  ctx.createUser({ appId: farm.appId, username: uniqueName('lid'), firstName, lastName: 'Peeters', email });

const day = 86_400_000;
const daysAgo = (days: number, from = new Date()) => farmToday(new Date(from.getTime() - days * day));
const owe = (farm: Farm, user: { id: number }, dueDate: string) =>
  createBankTransaction(ctx.db, {
    appId: farm.appId,
    userId: user.id,
    amountCents: 12_500,
    harvestYear: year,
    description: 'Abonnement Groenten',
    dueDate,
  });

/** The reminder jobs of a farm, or of one of its transactions. */
const reminderJobs = (farm: Farm, transactionId?: number) =>
  ctx.db
    .select({ key: jobs.idempotencyKey })
    .from(jobs)
    .where(
      like(
        jobs.idempotencyKey,
        `bank-reminder:${farm.appId}:${transactionId === undefined ? '' : `${transactionId}:`}%`,
      ),
    )
    .orderBy(jobs.id);
const mailsTo = (user: CreatedUser) => smtp.messages.filter((m) => m.to.includes(user.email));

describe('the schedule', () => {
  it('is off with 14/14/3 until the farm saves its own; its numbers are checked in Dutch', async () => {
    const farm = await newFarm();
    const read = await request(farm, 'GET', 'reminderSchedule');
    expect(reminderScheduleSchema.parse(read.json())).toEqual({
      enabled: false,
      firstAfterDays: 14,
      everyDays: 14,
      maxCount: 3,
    });
    expectFieldError(
      await put(farm, 'reminderSchedule', { enabled: true, firstAfterDays: 0, everyDays: 14, maxCount: 3 }),
      'firstAfterDays',
      /minstens 1 dag/,
    );
    expectFieldError(
      await put(farm, 'reminderSchedule', { enabled: true, firstAfterDays: 7, everyDays: 7, maxCount: 11 }),
      'maxCount',
      /hoogstens 10/,
    );
    const saved = await put(farm, 'reminderSchedule', {
      enabled: true,
      firstAfterDays: 7,
      everyDays: 10,
      maxCount: 2,
    });
    expect(saved.json()).toEqual({ enabled: true, firstAfterDays: 7, everyDays: 10, maxCount: 2 });
    const member = await ctx.createUser({ appId: farm.appId, username: uniqueName('lid') });
    expect((await request(farm, 'GET', 'reminderSchedule', undefined, member)).statusCode).toBe(403);
  });

  it('sends the first reminder N days after the due date, then every M days, at most K, once each', async () => {
    const farm = await newFarm({ enabled: true, firstAfterDays: 14, everyDays: 14, maxCount: 3 });
    const late = await member(farm, 'Laat');
    const early = await member(farm, 'Vroeg');
    const lateTx = await owe(farm, late, daysAgo(15));
    await owe(farm, early, daysAgo(10)); // not yet 14 days past its due date

    const now = new Date();
    await sendDueReminders(ctx.app, now);
    await sendDueReminders(ctx.app, now); // an overlapping or repeated run sends nothing more
    await ctx.app.jobs.drain();
    expect((await reminderJobs(farm)).map((j) => j.key)).toEqual([
      `bank-reminder:${farm.appId}:${lateTx.id}:1`,
    ]);
    expect(mailsTo(late)).toHaveLength(1);
    expect(mailsTo(early)).toHaveLength(0);
    expect((await eventsOf(ctx, lateTx.id)).filter((e) => e.kind === 'reminder-sent')).toMatchObject([
      { actorName: null, detail: `herinnering 1 naar ${late.email} (volgens de planning)` },
    ]);

    // 13 days later: not yet; 14: the second; 28: the third; 42: none (3 at most).
    await sendDueReminders(ctx.app, new Date(now.getTime() + 13 * day));
    expect(await reminderJobs(farm, lateTx.id)).toHaveLength(1);
    await sendDueReminders(ctx.app, new Date(now.getTime() + 14 * day));
    expect(await reminderJobs(farm, lateTx.id)).toHaveLength(2);
    // The second reminder was stored now, so the third is due 14 days after the real clock's now.
    await sendDueReminders(ctx.app, new Date(now.getTime() + 28 * day));
    await sendDueReminders(ctx.app, new Date(now.getTime() + 42 * day));
    await sendDueReminders(ctx.app, new Date(now.getTime() + 56 * day));
    await ctx.app.jobs.drain();
    expect((await reminderJobs(farm, lateTx.id)).map((j) => j.key.split(':').at(-1))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(mailsTo(late)).toHaveLength(3);
  });

  it('skips a paused member, a paid transaction and a farm whose schedule is off', async () => {
    const farm = await newFarm({ enabled: true, firstAfterDays: 1, everyDays: 1, maxCount: 3 });
    const paused = await member(farm, 'Pauze');
    const paid = await member(farm, 'Betaald');
    await owe(farm, paused, daysAgo(5));
    const paidTx = await owe(farm, paid, daysAgo(5));
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidVia: 'cash', paidAt: new Date() })
      .where(eq(bankTransactions.id, paidTx.id));
    const pause = await put(farm, `reminderPause/${paused.id}`, { paused: true });
    expect(pause.json()).toEqual({ userId: paused.id, paused: true });
    expect((await request(farm, 'GET', `reminderPause/${paused.id}`)).json()).toEqual({
      userId: paused.id,
      paused: true,
    });

    const off = await newFarm({ enabled: false, firstAfterDays: 1, everyDays: 1, maxCount: 3 });
    const offMember = await member(off, 'Uit');
    await owe(off, offMember, daysAgo(5));

    await sendDueReminders(ctx.app);
    expect(await reminderJobs(farm)).toEqual([]);
    expect(await reminderJobs(off)).toEqual([]);

    // Resumed: it goes out at the next run.
    expect((await put(farm, `reminderPause/${paused.id}`, { paused: false })).json()).toEqual({
      userId: paused.id,
      paused: false,
    });
    await sendDueReminders(ctx.app);
    expect(await reminderJobs(farm)).toHaveLength(1);
  });

  it("answers 404 for another farm's member", async () => {
    const farm = await newFarm();
    const other = await newFarm();
    const stranger = await member(other, 'Vreemd');
    expect((await put(farm, `reminderPause/${stranger.id}`, { paused: true })).statusCode).toBe(404);
    expect((await request(farm, 'GET', `reminderPause/${stranger.id}`)).statusCode).toBe(404);
  });
});

describe('bulk actions of the bank list', () => {
  it('sends a reminder now for each selected transaction, with a result per row', async () => {
    const farm = await newFarm();
    const other = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const annaTx = await owe(farm, anna, daysAgo(-10));
    const bertTx = await owe(farm, bert, daysAgo(3));
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'cancelled' })
      .where(eq(bankTransactions.id, bertTx.id));
    const strangerTx = await owe(other, await member(other, 'Vreemd'), daysAgo(3));

    const response = await request(farm, 'POST', 'remindMany', {
      ids: [annaTx.id, bertTx.id, strangerTx.id, annaTx.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResultSchema.parse(response.json()).results).toEqual([
      { id: annaTx.id, ok: true, code: null, message: `Herinnering 1 gaat naar ${anna.email}.` },
      {
        id: bertTx.id,
        ok: false,
        code: 'TRANSACTION_ALREADY_HANDLED',
        message: 'Deze transactie is niet meer open: geen herinnering nodig.',
      },
      { id: strangerTx.id, ok: false, code: 'NOT_FOUND', message: 'Deze transactie bestaat niet (meer).' },
    ]);
    await ctx.app.jobs.drain();
    expect(mailsTo(anna)).toHaveLength(1);
    expect((await eventsOf(ctx, annaTx.id)).at(-1)).toMatchObject({
      kind: 'reminder-sent',
      detail: `herinnering 1 naar ${anna.email}`,
    });
    expectFieldError(await request(farm, 'POST', 'remindMany', { ids: [] }), 'ids', /minstens één/);
  });

  it('marks the selection paid, each on its own, with a result per row', async () => {
    const farm = await newFarm();
    const anna = await member(farm, 'Anna');
    const bert = await member(farm, 'Bert');
    const annaTx = await owe(farm, anna, daysAgo(0));
    const bertTx = await owe(farm, bert, daysAgo(0));
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidVia: 'cash', paidAt: new Date() })
      .where(eq(bankTransactions.id, bertTx.id));
    const response = await request(farm, 'POST', 'markPayedMany', {
      ids: [annaTx.id, bertTx.id],
      via: 'transfer',
      note: 'afschrift maart',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(bulkResultSchema.parse(response.json()).results).toEqual([
      { id: annaTx.id, ok: true, code: null, message: 'Betaald gezet.' },
      {
        id: bertTx.id,
        ok: false,
        code: 'TRANSACTION_ALREADY_HANDLED',
        message: 'Deze betaling is al betaald of geannuleerd.',
      },
    ]);
    const [row] = await ctx.db
      .select()
      .from(bankTransactions)
      .where(and(eq(bankTransactions.appId, farm.appId), eq(bankTransactions.id, annaTx.id)));
    expect(row).toMatchObject({ status: 'paid', paidVia: 'transfer' });
    expect((await eventsOf(ctx, annaTx.id)).at(-1)).toMatchObject({
      kind: 'paid',
      detail: 'afschrift maart',
    });
  });
});
