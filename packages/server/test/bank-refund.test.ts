import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedTransactionSchema } from '@pluk/contract';
import { bankRefunds, bankTransactions } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { codeOf, eventsOf, hasPaidOf, transactionRow } from './helpers/bank-core.js';
import {
  memberWithTransaction,
  paymentIdOf,
  startMollieFarms,
  startPayment,
  webhook,
  type MollieFarms,
} from './helpers/mollie-farms.js';
import { uniqueName } from './helpers/test-app.js';

/**
 * A paid online payment refunded through Mollie's refund API (ADR 093), against the
 * Mollie stand-in: the refund's ledger row, the transaction's history, the transaction open again, and
 * what Mollie refusing or being away changes (nothing).
 */
let farms: MollieFarms;
let manager: CreatedUser;
let otherManager: CreatedUser;
beforeAll(async () => {
  farms = await startMollieFarms();
  manager = await farms.ctx.createUser({
    appId: farms.farmA.appId,
    username: uniqueName('penning'),
    firstName: 'Piet',
    lastName: 'Penning',
    roles: ['BankManager'],
  });
  otherManager = await farms.ctx.createUser({
    appId: farms.farmB.appId,
    username: uniqueName('vreemd'),
    roles: ['BankManager'],
  });
});
afterAll(() => farms.close());

async function paidOnline(amountCents = 4250) {
  const { ctx, farmA, mollie } = farms;
  const made = await memberWithTransaction(ctx, farmA, amountCents);
  const paymentId = paymentIdOf(await startPayment(ctx, farmA, made.transaction.publicId));
  mollie.setStatus(paymentId, 'paid');
  expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
  expect((await transactionRow(ctx, made.transaction.id)).status).toBe('paid');
  return { ...made, paymentId };
}

const refund = (id: number, reason = 'Lid zegt op voor het seizoen begint', as = manager) =>
  farms.ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/refund/${id}`,
    as,
    payload: { reason },
    headers: { host: as === otherManager ? farms.farmB.host : farms.farmA.host },
  });

describe('refunding a paid online payment', () => {
  it("asks Mollie's refund API once and records the refund in the ledger and the history", async () => {
    const { ctx, mollie } = farms;
    const { user, transaction, paymentId } = await paidOnline(4250);
    expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(true);

    const response = await refund(transaction.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(managedTransactionSchema.parse(response.json())).toMatchObject({ status: 'open', paidVia: null });

    const atMollie = mollie.refunds().filter((r) => r.paymentId === paymentId);
    expect(atMollie).toMatchObject([{ amount: { currency: 'EUR', value: '42.50' }, status: 'pending' }]);
    const request = mollie.requests.find((r) => r.path === `/v2/payments/${paymentId}/refunds`);
    expect(request?.headers['idempotency-key']).toBe(`pluk-refund:farm:${transaction.id}:${paymentId}`);

    const ledger = await ctx.db
      .select()
      .from(bankRefunds)
      .where(eq(bankRefunds.transactionId, transaction.id));
    expect(ledger).toMatchObject([
      {
        providerPaymentId: paymentId,
        providerRefundId: atMollie[0]?.id,
        amountCents: 4250,
        reason: 'Lid zegt op voor het seizoen begint',
        actorName: 'Piet Penning',
      },
    ]);
    expect((await eventsOf(ctx, transaction.id)).at(-1)).toMatchObject({
      kind: 'refunded',
      fromStatus: 'paid',
      toStatus: 'open',
      paidVia: 'online',
      amountCents: 4250,
      actorName: 'Piet Penning',
      detail: `€\u00a042,50 terugbetaald via Mollie (${atMollie[0]?.id}, betaling ${paymentId}): Lid zegt op voor het seizoen begint`,
    });
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({
      status: 'open',
      paidAt: null,
      paymentProviderId: null,
    });
    expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(false);

    // Asked again: nothing is paid any more, Mollie is not asked again.
    const again = await refund(transaction.id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('TRANSACTION_NOT_PAID');
    expect(mollie.refunds().filter((r) => r.paymentId === paymentId)).toHaveLength(1);
  });

  it('refuses a transaction paid another way, saying to reopen it instead', async () => {
    const { ctx, farmA } = farms;
    const { transaction } = await memberWithTransaction(ctx, farmA);
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidVia: 'transfer', paidAt: new Date() })
      .where(eq(bankTransactions.id, transaction.id));
    const response = await refund(transaction.id);
    expect(response.statusCode).toBe(409);
    expect((response.json() as { error: { message: string } }).error.message).toMatch(
      /niet online betaald.*Heropen ze met een reden/,
    );
  });

  it('changes nothing when Mollie refuses (409 with its reason) or cannot be reached (503)', async () => {
    const { ctx, mollie } = farms;
    const { transaction, paymentId } = await paidOnline();
    mollie.failNext(422);
    const refused = await refund(transaction.id);
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('PAYMENT_PROVIDER_REFUSED');
    expect((refused.json() as { error: { message: string } }).error.message).toMatch(
      /^Mollie weigert de terugbetaling \(422\)/,
    );
    mollie.failNext(503, 3);
    const away = await refund(transaction.id);
    expect(away.statusCode).toBe(503);
    expect(codeOf(away)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await transactionRow(ctx, transaction.id)).status).toBe('paid');
    expect(
      await ctx.db.select().from(bankRefunds).where(eq(bankRefunds.transactionId, transaction.id)),
    ).toEqual([]);
    expect(mollie.refunds().filter((r) => r.paymentId === paymentId)).toEqual([]);
    // Once Mollie is back it goes through.
    expect(codeOf(await refund(transaction.id))).toBe('OK');
  });

  it("is 404 for another farm's manager and asks a reason", async () => {
    const { transaction } = await paidOnline();
    expect((await refund(transaction.id, 'Vergissing', otherManager)).statusCode).toBe(404);
    const noReason = await refund(transaction.id, '');
    expect(noReason.statusCode).toBe(400);
    expect((await transactionRow(farms.ctx, transaction.id)).status).toBe('paid');
  });
});
