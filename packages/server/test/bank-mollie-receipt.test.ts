import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuros } from '@pluk/contract';
import { emailLog, jobs, notifications } from '../src/db/schema/index.js';
import { inTransaction } from '../src/db/transaction.js';
import { putSetting } from '../src/lib/app-settings.js';
import { closeTransaction } from '../src/modules/bank/status-change.js';
import { receiptJobKey } from '../src/modules/bank/reminders/receipt.js';
import { transactionRow } from './helpers/bank-core.js';
import type { MollieStandIn } from './helpers/mollie-stand-in.js';
import {
  memberWithTransaction,
  paymentIdOf,
  returnFrom,
  startMollieFarms,
  startPayment,
  webhook,
  type MollieFarm,
  type MollieFarms,
} from './helpers/mollie-farms.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * The receipt of an online payment (decision 090): once Mollie's payment closes the transaction, one
 * e-mail (the farm's `paymentReceipt` template) and one notification are queued with it, whatever number
 * of webhooks and return pages follow.
 */

let farms: MollieFarms;
let ctx: TestContext;
let mollie: MollieStandIn;
let farmA: MollieFarm;

beforeAll(async () => {
  farms = await startMollieFarms({ mollieTimeoutMs: 1500 });
  ({ ctx, mollie, farmA } = farms);
});
afterAll(() => farms.close());

const receiptsOf = (appId: string, userId: number) =>
  ctx.db
    .select()
    .from(emailLog)
    .where(
      and(eq(emailLog.appId, appId), eq(emailLog.userId, userId), eq(emailLog.template, 'paymentReceipt')),
    );
const notificationsOf = (appId: string, userId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.appId, appId), eq(notifications.userId, userId)));

/** Starts an online payment and has Mollie call it paid (or another status) without its own webhook. */
async function paidAtMollie(amountCents: number, status: 'paid' | 'failed' = 'paid') {
  const { user, transaction } = await memberWithTransaction(ctx, farmA, amountCents);
  const started = await startPayment(ctx, farmA, transaction.publicId);
  expect(started.statusCode, started.body).toBe(200);
  const paymentId = paymentIdOf(started);
  mollie.setStatus(paymentId, status);
  return { user, transaction, paymentId };
}

describe('the receipt of an online payment', () => {
  it('queues one e-mail and one notification, even when the webhook comes three times and the member returns', async () => {
    await putSetting(ctx.db, farmA.appId, 'email.template.paymentReceipt.subject', 'Ontvangen: {amount}');
    const { user, transaction, paymentId } = await paidAtMollie(5200);
    const calls = await Promise.all([1, 2, 3].map(() => webhook(ctx, farmA, `id=${paymentId}`)));
    expect(calls.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect((await returnFrom(ctx, farmA, transaction.publicId)).statusCode).toBe(200);
    await webhook(ctx, farmA, `id=${paymentId}`);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('paid');

    const queued = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, receiptJobKey(farmA.appId, transaction.id)));
    expect(queued).toHaveLength(1);
    const told = await notificationsOf(farmA.appId, user.id);
    expect(told).toMatchObject([
      {
        title: 'Betaling ontvangen',
        body: `${transaction.description}: ${formatEuros(5200)}, online betaald. Bedankt!`,
        link: `/account/membership/${transaction.publicId}`,
      },
    ]);

    await ctx.app.jobs.drain();
    const mails = await receiptsOf(farmA.appId, user.id);
    expect(mails).toHaveLength(1);
    // The farm's own subject; the default body with the payment's facts and its page.
    expect(mails[0]!.subject).toBe(`Ontvangen: ${formatEuros(5200)}`);
    expect(mails[0]!.body).toContain(`Omschrijving: ${transaction.description}`);
    expect(mails[0]!.body).toContain(`Bedrag: ${formatEuros(5200)}`);
    expect(mails[0]!.body).toMatch(/Gestructureerde mededeling: \+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/);
    expect(mails[0]!.body).toContain(`${farmA.publicUrl}/account/membership/${transaction.publicId}`);
  });

  it('sends nothing for a failed payment, nor for a transaction already paid another way', async () => {
    const failed = await paidAtMollie(3100, 'failed');
    await webhook(ctx, farmA, `id=${failed.paymentId}`);
    expect((await transactionRow(ctx, failed.transaction.id)).status).toBe('open');
    expect(await notificationsOf(farmA.appId, failed.user.id)).toEqual([]);
    await ctx.app.jobs.drain();
    expect(await receiptsOf(farmA.appId, failed.user.id)).toEqual([]);

    // Paid in cash first; Mollie's payment then arrives (flagged for a refund): no receipt for it.
    const cash = await paidAtMollie(2700);
    await inTransaction(ctx.db, (tx) =>
      closeTransaction(tx, farmA.appId, cash.transaction.id, {
        to: 'paid',
        via: 'cash',
        paidAt: new Date(),
        actor: null,
        detail: 'contant',
      }),
    );
    await webhook(ctx, farmA, `id=${cash.paymentId}`);
    expect(await notificationsOf(farmA.appId, cash.user.id)).toEqual([]);
    await ctx.app.jobs.drain();
    expect(await receiptsOf(farmA.appId, cash.user.id)).toEqual([]);
  });
});
