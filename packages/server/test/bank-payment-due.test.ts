import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '@pluk/contract';
import { bankTransactions, jobs, notifications, pushSubscriptions, users } from '../src/db/schema/index.js';
import { inTransaction } from '../src/db/transaction.js';
import { notifyPaymentsDue } from '../src/modules/bank/reminders/payment-due.js';
import { closeTransaction } from '../src/modules/bank/status-change.js';
import { farmDayFromNow } from '../src/modules/bank/transactions/dates.js';
import { createBankTransaction, type CreatedUser } from '../src/seed/factories.js';
import { bankTestContext, type BankCast } from './helpers/bank-core.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * A payment that falls due (decision 090): the hourly `payment-due` job tells the member once per
 * transaction and due date, with a link to its payment page; paid, cancelled, not yet due, or a member
 * who cannot sign in: nothing.
 */

let ctx: TestContext;
let cast: BankCast;
let n = 0;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext('due'));
});
afterAll(() => ctx.close());

const member = (appId = ctx.appId) =>
  ctx.createUser({ appId, username: `due-lid-${++n}`, firstName: 'Lid', lastName: `${n}` });
const owe = (user: CreatedUser, dueInDays: number, amountCents = 52_000, appId = ctx.appId) =>
  createBankTransaction(ctx.db, {
    appId,
    userId: user.id,
    amountCents,
    harvestYear: cast.year,
    description: `Abonnement ${n}`,
    dueDate: farmDayFromNow(dueInDays),
  });
const inboxOf = (user: CreatedUser) =>
  ctx.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.appId, user.appId), eq(notifications.userId, user.id)));

describe('the payment-due job', () => {
  it('tells each member once per transaction that fell due or falls due today, with its payment page', async () => {
    const lien = await member();
    const overdue = await owe(lien, -40);
    const today = await owe(lien, 0, 2_500);
    await owe(lien, 1);

    expect(await notifyPaymentsDue(ctx.db)).toBeGreaterThanOrEqual(2);
    const inbox = await inboxOf(lien);
    expect(inbox).toHaveLength(2);
    expect(inbox).toEqual(
      expect.arrayContaining([
        {
          title: 'Je betaling is vervallen',
          body: `${overdue.description}: ${formatEuros(52_000)}, te betalen vóór ${overdue.dueDate
            .split('-')
            .reverse()
            .join('/')}.`,
          link: `/account/membership/${overdue.publicId}`,
        },
        {
          title: 'Je betaling vervalt vandaag',
          body: `${today.description}: ${formatEuros(2_500)}, te betalen vandaag.`,
          link: `/account/membership/${today.publicId}`,
        },
      ]),
    );
    const marked = await ctx.db
      .select({ id: bankTransactions.id, at: bankTransactions.dueNotifiedAt })
      .from(bankTransactions)
      .where(inArray(bankTransactions.id, [overdue.id, today.id]));
    expect(marked.every((row) => row.at !== null)).toBe(true);

    // The next hour, or a second process: nothing new.
    await Promise.all([notifyPaymentsDue(ctx.db), notifyPaymentsDue(ctx.db)]);
    expect(await inboxOf(lien)).toHaveLength(2);
  });

  it('pushes it to each browser the member subscribed, one push job per notification and browser', async () => {
    const lien = await member();
    const row = await owe(lien, -1);
    await ctx.db.insert(pushSubscriptions).values(
      ['a', 'b'].map((name) => ({
        appId: ctx.appId,
        userId: lien.id,
        endpoint: `https://push.example/${lien.id}/${name}`,
        p256dh: 'key',
        auth: 'auth',
      })),
    );
    await notifyPaymentsDue(ctx.db);
    const [told] = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.appId, ctx.appId), eq(notifications.userId, lien.id)));
    const pushes = await ctx.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(and(eq(jobs.kind, 'push'), sql`${jobs.idempotencyKey} like ${`push:${told!.id}:%`}`));
    expect(pushes).toHaveLength(2);
    expect(row.publicId).toBeTruthy();
  });

  it('tells each once when several processes run it at once (row locks, skip locked)', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => member()));
    for (const user of members) await owe(user, -5);
    await Promise.all([1, 2, 3, 4].map(() => notifyPaymentsDue(ctx.db)));
    for (const user of members) expect(await inboxOf(user)).toHaveLength(1);
  });

  it('runs as the hourly recurring job, once per hour across processes', async () => {
    const lien = await member();
    await owe(lien, -1);
    const now = Date.now();
    await ctx.app.jobs.enqueueRecurring(now);
    await ctx.app.jobs.enqueueRecurring(now);
    const key = `payment-due:${Math.floor(now / 3_600_000)}`;
    expect(await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, key))).toHaveLength(1);
    await ctx.app.jobs.drain();
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.idempotencyKey, key));
    expect(job).toMatchObject({ status: 'done' });
    expect(job?.outcome).toMatch(/^notified [1-9]/);
    expect(await inboxOf(lien)).toHaveLength(1);
  });

  it('tells nobody of paid or cancelled transactions, nor a deactivated or unapproved member', async () => {
    const paid = await member();
    const paidRow = await owe(paid, -3);
    const cancelled = await member();
    const cancelledRow = await owe(cancelled, -3);
    await inTransaction(ctx.db, async (tx) => {
      await closeTransaction(tx, ctx.appId, paidRow.id, {
        to: 'paid',
        via: 'cash',
        paidAt: new Date(),
        actor: null,
        detail: '',
      });
      await closeTransaction(tx, ctx.appId, cancelledRow.id, { to: 'cancelled', actor: null, detail: '' });
    });
    const gone = await member();
    await owe(gone, -3);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const waiting = await member();
    await owe(waiting, -3);
    await ctx.db.update(users).set({ isApproved: false }).where(eq(users.id, waiting.id));

    await notifyPaymentsDue(ctx.db);
    for (const user of [paid, cancelled, gone, waiting]) expect(await inboxOf(user)).toEqual([]);

    // Active again: told then.
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, gone.id));
    await notifyPaymentsDue(ctx.db);
    expect(await inboxOf(gone)).toHaveLength(1);
  });

  it('tells again when a manager moves the due date, and keeps every farm’s members to their own', async () => {
    const lien = await member();
    const row = await owe(lien, -2);
    const other = await member(cast.otherFarm);
    await owe(other, -2, 1_000, cast.otherFarm);
    await notifyPaymentsDue(ctx.db);
    expect(await inboxOf(lien)).toHaveLength(1);
    expect(await inboxOf(other)).toHaveLength(1);

    const moved = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Update',
      as: cast.bankManager,
      payload: {
        id: row.id,
        amountCents: row.amountCents,
        description: row.description,
        dueDate: farmDayFromNow(0),
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await notifyPaymentsDue(ctx.db);
    const inbox = await inboxOf(lien);
    expect(inbox.map((item) => item.title).sort()).toEqual([
      'Je betaling is vervallen',
      'Je betaling vervalt vandaag',
    ]);
  });
});
