import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentAnswerSchema, paymentReturnSchema } from '@pluk/contract';
import { bankOnlinePayments, bankTransactions, settings } from '../src/db/schema/index.js';
import { bankSettingKeys } from '../src/modules/bank/setting-keys.js';
import type { MollieGateway } from '../src/modules/bank/mollie/gateway.js';
import type { TestContext } from './helpers/test-app.js';
import type { MollieStandIn } from './helpers/mollie-stand-in.js';
import { eventsOf, hasPaidOf, transactionRow } from './helpers/bank-core.js';
import {
  farmKey,
  memberWithTransaction,
  onlinePaymentsOf,
  otherFarmKey,
  paymentIdOf,
  returnFrom,
  startMollieFarms,
  startPayment,
  webhook,
  webhookCallsOf,
  type MollieFarm,
  type MollieFarms,
} from './helpers/mollie-farms.js';

/**
 * Online payment through Mollie (decision 078): the routes against the Mollie stand-in, reached over HTTPS
 * by Mollie's official client. Two farms share the server, each with its own key.
 */

let farms: MollieFarms;
let ctx: TestContext;
let mollie: MollieStandIn;
let farmA: MollieFarm;
let farmB: MollieFarm;

beforeAll(async () => {
  farms = await startMollieFarms({ mollieTimeoutMs: 1500 });
  ({ ctx, mollie, farmA, farmB } = farms);
});
afterAll(() => farms.close());

const errorCode = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string } }).error.code;

/** Counts the gateways the routes ask for and the calls they make (the factory is decorated on the app). */
function countMollieCalls() {
  const calls: string[] = [];
  const original = ctx.app.mollieGateways.forKey;
  ctx.app.mollieGateways.forKey = (apiKey) => {
    const gateway = original(apiKey);
    const counted: MollieGateway = {
      createPayment: (input) => (calls.push('createPayment'), gateway.createPayment(input)),
      getPayment: (id) => (calls.push('getPayment'), gateway.getPayment(id)),
      checkConnection: () => (calls.push('checkConnection'), gateway.checkConnection()),
      createRefund: (input) => (calls.push('createRefund'), gateway.createRefund(input)),
    };
    return counted;
  };
  return { calls, restore: () => (ctx.app.mollieGateways.forKey = original) };
}

describe('paying online, from start to webhook', () => {
  it('starts a Mollie payment and, once Mollie says paid, marks the transaction paid online once', async () => {
    const { user, transaction } = await memberWithTransaction(ctx, farmA, 4250);
    expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(false);

    const started = await startPayment(ctx, farmA, transaction.publicId);
    expect(started.statusCode, started.body).toBe(200);
    const { checkoutUrl } = createPaymentAnswerSchema.parse(started.json());
    const paymentId = paymentIdOf(started);
    expect(checkoutUrl).toBe(`${mollie.base}/checkout/${paymentId}`);

    // What Mollie was asked, with this farm's key.
    const create = mollie.requests.find((r) => r.method === 'POST' && r.path === '/v2/payments');
    expect(create?.headers.authorization).toBe(`Bearer ${farmKey}`);
    expect(create?.headers['idempotency-key']).toMatch(new RegExp(`^pluk:farm:${transaction.id}:`));
    const atMollie = mollie.payment(paymentId);
    expect(atMollie).toMatchObject({
      status: 'open',
      amount: { currency: 'EUR', value: '42.50' },
      redirectUrl: `${farmA.publicUrl}/paymentReturn/${transaction.publicId}`,
      webhookUrl: `${farmA.publicUrl}/api/mollie/webhook`,
      method: ['bancontact', 'creditcard'],
      metadata: { appId: 'farm', transactionId: String(transaction.id), publicId: transaction.publicId },
    });
    expect(atMollie?.description).toBe(
      `Testhoeve: ${transaction.description} +++${transaction.structuredReference.slice(0, 3)}/` +
        `${transaction.structuredReference.slice(3, 7)}/${transaction.structuredReference.slice(7)}+++`,
    );
    expect(await onlinePaymentsOf(ctx, transaction.id)).toMatchObject([
      { providerPaymentId: paymentId, status: 'open', amountCents: 4250, checkoutUrl },
    ]);
    expect((await eventsOf(ctx, transaction.id)).map((e) => [e.kind, e.detail])).toEqual([
      ['created', ''],
      ['payment-started', `Mollie ${paymentId}`],
    ]);

    // The payer presses "Betalen": the stand-in sets paid and calls the webhook before sending them back.
    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=paid',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${farmA.publicUrl}/paymentReturn/${transaction.publicId}`);
    expect(mollie.webhookCalls.filter((c) => c.paymentId === paymentId)).toEqual([
      { paymentId, url: `${farmA.publicUrl}/api/mollie/webhook`, status: 200 },
    ]);

    const row = await transactionRow(ctx, transaction.id);
    expect(row).toMatchObject({ status: 'paid', paidVia: 'online', paymentProviderId: paymentId });
    expect(row.paidAt?.toISOString()).toBe(mollie.payment(paymentId)?.paidAt);
    const paidEvents = (await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'paid');
    expect(paidEvents).toMatchObject([
      {
        fromStatus: 'open',
        toStatus: 'paid',
        paidVia: 'online',
        amountCents: 4250,
        actorUserId: null,
        actorName: null,
        detail: `Mollie ${paymentId}`,
      },
    ]);
    expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(true);
    expect(await onlinePaymentsOf(ctx, transaction.id)).toMatchObject([
      { status: 'paid', checkoutUrl: null },
    ]);
    expect(await webhookCallsOf(ctx, farmA.appId, paymentId)).toMatchObject([
      { outcome: 'paid', mollieStatus: 'paid', transactionId: transaction.id },
    ]);

    // The return page then says paid, from the transaction itself.
    const back = await returnFrom(ctx, farmA, transaction.publicId);
    expect(paymentReturnSchema.parse(back.json())).toEqual({
      publicId: transaction.publicId,
      status: 'paid',
      amountCents: 4250,
      description: transaction.description,
      farmName: 'Testhoeve',
    });
  });

  it('a replay after paid, and an out-of-order "open" after paid, change nothing', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    mollie.setStatus(paymentId, 'paid');
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    const paidAt = (await transactionRow(ctx, transaction.id)).paidAt;

    const replay = await webhook(ctx, farmA, `id=${paymentId}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ ok: true });

    // Mollie answering "open" later (a stale read) neither reopens the transaction nor the payment.
    mollie.setStatus(paymentId, 'open');
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect(await mollie.callWebhook(paymentId)).toBe(200);

    expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'paid', paidAt });
    expect((await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect(await onlinePaymentsOf(ctx, transaction.id)).toMatchObject([{ status: 'paid' }]);
    expect(
      (await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => [c.outcome, c.mollieStatus]),
    ).toEqual([
      ['paid', 'paid'],
      ['unchanged', 'paid'],
      ['unchanged', 'open'],
      ['unchanged', 'open'],
    ]);
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'paid' });
  });

  it('failed, expired and canceled leave the transaction open; a new attempt can still pay it', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    for (const status of ['failed', 'expired', 'canceled'] as const) {
      const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
      mollie.setStatus(paymentId, status);
      expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
      expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
      // A stale "open" read afterwards does not undo it.
      mollie.setStatus(paymentId, 'open');
      expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
      expect((await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => c.outcome)).toEqual([
        status,
        'unchanged',
        'unchanged',
      ]);
      expect((await onlinePaymentsOf(ctx, transaction.id)).at(-1)?.status).toBe(status);
      expect((await transactionRow(ctx, transaction.id)).status).toBe('open');
      expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status });
    }
    // A new attempt: the return page follows the latest one.
    const again = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'open' });
    mollie.setStatus(again, 'pending');
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'pending' });
    mollie.setStatus(again, 'paid');
    expect((await webhook(ctx, farmA, `id=${again}`)).statusCode).toBe(200);
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({
      status: 'paid',
      paymentProviderId: again,
    });
    expect(await onlinePaymentsOf(ctx, transaction.id)).toHaveLength(4);
  });

  it('a payment whose amount does not match pays nothing; it is flagged once for a manager', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA, 3000);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    // A manager changed the amount after the member started paying: Mollie's € 30 pays no € 35.
    await ctx.db
      .update(bankTransactions)
      .set({ amountCents: 3500 })
      .where(eq(bankTransactions.id, transaction.id));
    mollie.setStatus(paymentId, 'paid');
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);

    expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'open', paidAt: null });
    const events = await eventsOf(ctx, transaction.id);
    expect(events.filter((e) => e.kind === 'paid')).toHaveLength(0);
    expect(events.filter((e) => e.kind === 'payment-flagged')).toMatchObject([
      { amountCents: 3000, detail: expect.stringContaining(`Mollie ${paymentId}`) },
    ]);
    expect((await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => c.outcome)).toEqual([
      'amount-mismatch',
      'amount-mismatch',
    ]);
    // The member sees it as on its way, not as paid.
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'pending' });
  });

  it('a Mollie payment for a transaction paid another way meanwhile is flagged, not paid twice', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidVia: 'transfer', paidAt: new Date() })
      .where(eq(bankTransactions.id, transaction.id));
    mollie.setStatus(paymentId, 'paid');
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({
      paidVia: 'transfer',
      paymentProviderId: null,
    });
    const flagged = (await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'payment-flagged');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.detail).toMatch(/al betaald/);
  });
});

describe('the return page asks Mollie itself', () => {
  it('says paid when Mollie says so before any webhook came, and applies it as the webhook would', async () => {
    const { user, transaction } = await memberWithTransaction(ctx, farmA);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'open' });

    mollie.setStatus(paymentId, 'paid');
    const back = await returnFrom(ctx, farmA, transaction.publicId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'paid' });
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({
      status: 'paid',
      paidVia: 'online',
      paymentProviderId: paymentId,
    });
    expect(await hasPaidOf(ctx, user.appId, user.id)).toBe(true);
    // The webhook that arrives afterwards finds it done.
    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect((await eventsOf(ctx, transaction.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
    expect((await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => c.outcome)).toEqual(['unchanged']);
  });

  it('asks about every open attempt: a member who paid an earlier tab reads paid (ADR 093)', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    const first = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    const second = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    const third = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    mollie.setStatus(third, 'expired');
    mollie.setStatus(first, 'paid');
    const counting = countMollieCalls();
    try {
      expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'paid' });
      // The latest first, then back until one pays: three attempts, three questions.
      expect(counting.calls).toHaveLength(3);
    } finally {
      counting.restore();
    }
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({
      status: 'paid',
      paidVia: 'online',
      paymentProviderId: first,
    });
    const stored = await onlinePaymentsOf(ctx, transaction.id);
    expect(stored.map((p) => [p.providerPaymentId, p.status])).toEqual([
      [first, 'paid'],
      [second, 'open'],
      [third, 'expired'],
    ]);
    // Settled attempts are not asked again: the transaction is paid, nothing is asked at all.
    const again = countMollieCalls();
    try {
      expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'paid' });
      expect(again.calls).toEqual([]);
    } finally {
      again.restore();
    }
  });

  it('does not ask Mollie for a transaction without online payment, or one that is no longer open', async () => {
    const counting = countMollieCalls();
    try {
      const { transaction } = await memberWithTransaction(ctx, farmA);
      expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'open' });
      await ctx.db
        .update(bankTransactions)
        .set({ status: 'cancelled' })
        .where(eq(bankTransactions.id, transaction.id));
      expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({
        status: 'cancelled',
      });
      expect(counting.calls).toEqual([]);
    } finally {
      counting.restore();
    }
  });

  it('is 404 for an unknown public id and for one of another farm', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmB);
    expect((await returnFrom(ctx, farmA, transaction.publicId)).statusCode).toBe(404);
    expect((await returnFrom(ctx, farmA, 'x'.repeat(32))).statusCode).toBe(404);
    expect((await returnFrom(ctx, farmB, transaction.publicId)).statusCode).toBe(200);
  });
});

describe('two farms, each with its own key', () => {
  it("a webhook with another farm's payment id changes nothing and asks Mollie nothing", async () => {
    const { transaction } = await memberWithTransaction(ctx, farmB);
    const started = await startPayment(ctx, farmB, transaction.publicId);
    expect(started.statusCode).toBe(200);
    const paymentId = paymentIdOf(started);
    expect(mollie.requests.at(-1)?.headers.authorization).toBe(`Bearer ${otherFarmKey}`);
    expect(mollie.payment(paymentId)?.webhookUrl).toBe(`${farmB.publicUrl}/api/mollie/webhook`);
    mollie.setStatus(paymentId, 'paid');

    const counting = countMollieCalls();
    try {
      const wrongFarm = await webhook(ctx, farmA, `id=${paymentId}`);
      expect(wrongFarm.statusCode).toBe(200);
      expect(counting.calls).toEqual([]);
    } finally {
      counting.restore();
    }
    expect((await transactionRow(ctx, transaction.id)).status).toBe('open');
    expect(await webhookCallsOf(ctx, farmA.appId, paymentId)).toMatchObject([
      { outcome: 'unknown-payment', mollieStatus: null, transactionId: null },
    ]);
    expect(await webhookCallsOf(ctx, farmB.appId, paymentId)).toEqual([]);

    // Its own farm's webhook (the stand-in calls farm B's address) pays it, with farm B's key.
    expect(await mollie.callWebhook(paymentId)).toBe(200);
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/${paymentId}` });
    expect(mollie.requests.at(-1)?.headers.authorization).toBe(`Bearer ${otherFarmKey}`);
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'paid', paidVia: 'online' });
    expect(await webhookCallsOf(ctx, farmB.appId, paymentId)).toMatchObject([{ outcome: 'paid' }]);
  });

  it("a farm cannot start a payment of another farm's transaction", async () => {
    const { transaction } = await memberWithTransaction(ctx, farmB);
    const response = await startPayment(ctx, farmA, transaction.publicId);
    expect(response.statusCode).toBe(404);
    expect(await onlinePaymentsOf(ctx, transaction.id)).toEqual([]);
  });
});

describe('webhook calls that are not for a payment we know', () => {
  it('an id nobody started: 200, logged as unknown-payment, Mollie not asked', async () => {
    const counting = countMollieCalls();
    try {
      const response = await webhook(ctx, farmA, 'id=tr_nobodyknowsthis');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(counting.calls).toEqual([]);
    } finally {
      counting.restore();
    }
    expect(await webhookCallsOf(ctx, farmA.appId, 'tr_nobodyknowsthis')).toMatchObject([
      { outcome: 'unknown-payment' },
    ]);
  });

  it('an id of ours that Mollie does not know (another account): 200, provider-refused, nothing changes', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    await ctx.db.insert(bankOnlinePayments).values({
      appId: farmA.appId,
      transactionId: transaction.id,
      providerPaymentId: 'tr_ghostpayment',
      status: 'open',
      amountCents: transaction.amountCents,
    });
    const response = await webhook(ctx, farmA, 'id=tr_ghostpayment');
    expect(response.statusCode).toBe(200);
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/payments/tr_ghostpayment' });
    expect(await webhookCallsOf(ctx, farmA.appId, 'tr_ghostpayment')).toMatchObject([
      { outcome: 'provider-refused', transactionId: transaction.id },
    ]);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('open');
    expect(await onlinePaymentsOf(ctx, transaction.id)).toMatchObject([{ status: 'open' }]);
  });

  it('a payment of a farm whose key was removed meanwhile: 200, not-configured, nothing changes', async () => {
    // The same Mollie account may serve two farms; this one then drops its key.
    const farm = await farmWithKey('zonderlater', farmKey);
    const { transaction } = await memberWithTransaction(ctx, farm);
    const paymentId = paymentIdOf(await startPayment(ctx, farm, transaction.publicId));
    mollie.setStatus(paymentId, 'paid');
    await ctx.db
      .delete(settings)
      .where(and(eq(settings.appId, farm.appId), eq(settings.key, bankSettingKeys.mollieApiKey)));
    const response = await ctx.request({
      method: 'POST',
      url: '/api/mollie/webhook',
      headers: { host: farm.host, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: `id=${paymentId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(await webhookCallsOf(ctx, farm.appId, paymentId)).toMatchObject([
      { outcome: 'not-configured', transactionId: transaction.id },
    ]);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('open');
  });

  it('refuses a body that is not `id=tr_…` with 400, and too large a body with 413', async () => {
    for (const body of [
      '',
      'id=',
      'id=nonsense',
      'id=tr_',
      'id=tr_abc%2F..',
      'payment=tr_abc',
      `id=tr_${'a'.repeat(65)}`,
    ]) {
      const response = await webhook(ctx, farmA, body);
      expect(response.statusCode, body).toBe(400);
      expect(errorCode(response), body).toBe('VALIDATION_ERROR');
    }
    const nul = await webhook(ctx, farmA, 'id=tr_abc%00');
    expect(nul.statusCode).toBe(400);
    const huge = await webhook(ctx, farmA, `id=tr_abc&filler=${'x'.repeat(5000)}`);
    expect(huge.statusCode).toBe(413);
    const json = await ctx.request({
      method: 'POST',
      url: '/api/mollie/webhook',
      headers: { host: farmA.host },
      payload: { id: 42 },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('form bodies elsewhere', () => {
  it('every other route still refuses a form-encoded body with 415', async () => {
    const admin = await ctx.createUser({ username: 'formulier-admin', roles: ['Admin'] });
    for (const url of [
      '/api/auth/login',
      '/api/applicationManager/mollie',
      '/api/applicationManager/bank/Paged',
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url,
        as: admin,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'apiKey=test_x&username=a&password=b',
      });
      expect(response.statusCode, url).toBe(415);
      expect(errorCode(response), url).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('starting a payment that cannot be started', () => {
  it('is 409 TRANSACTION_ALREADY_HANDLED for a paid or cancelled transaction, 404 for an unknown one', async () => {
    const counting = countMollieCalls();
    try {
      const { transaction } = await memberWithTransaction(ctx, farmA);
      for (const status of ['paid', 'cancelled'] as const) {
        await ctx.db
          .update(bankTransactions)
          .set(
            status === 'paid'
              ? { status, paidVia: 'cash', paidAt: new Date() }
              : { status, paidVia: null, paidAt: null },
          )
          .where(eq(bankTransactions.id, transaction.id));
        const response = await startPayment(ctx, farmA, transaction.publicId);
        expect(response.statusCode).toBe(409);
        expect(errorCode(response)).toBe('TRANSACTION_ALREADY_HANDLED');
      }
      expect((await startPayment(ctx, farmA, 'y'.repeat(32))).statusCode).toBe(404);
      expect((await startPayment(ctx, farmA, 'kort')).statusCode).toBe(400);
      expect(counting.calls).toEqual([]);
    } finally {
      counting.restore();
    }
  });

  it('is 409 PAYMENT_PROVIDER_NOT_CONFIGURED for a farm without a Mollie key', async () => {
    await ctx.createApp({ appId: 'zonder', hosts: ['zonder.test'], name: 'Zonder Mollie' });
    const farm: MollieFarm = { appId: 'zonder', name: 'Zonder Mollie', host: 'zonder.test', publicUrl: '' };
    const { transaction } = await memberWithTransaction(ctx, farm);
    const response = await startPayment(ctx, farm, transaction.publicId);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('PAYMENT_PROVIDER_NOT_CONFIGURED');
    expect(await onlinePaymentsOf(ctx, transaction.id)).toEqual([]);
  });

  it('is 409 PAYMENT_PROVIDER_REFUSED when Mollie refuses the key', async () => {
    const farm = await farmWithKey('weiger', 'test_NobodysKeyAbCdEfGhIjKlMnOpQrStUv');
    const { transaction } = await memberWithTransaction(ctx, farm);
    const response = await startPayment(ctx, farm, transaction.publicId);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('PAYMENT_PROVIDER_REFUSED');
    expect(response.body).not.toContain('NobodysKey');
    expect(await onlinePaymentsOf(ctx, transaction.id)).toEqual([]);
  });
});

async function farmWithKey(appId: string, apiKey: string): Promise<MollieFarm> {
  const host = `${appId}.test`;
  await ctx.createApp({ appId, hosts: [host], settings: [{ key: 'mollie.apiKey', value: apiKey }] });
  return { appId, name: `Boerderij ${appId}`, host, publicUrl: 'http://pluk.test' };
}

describe('while Mollie is down', () => {
  it('starting a payment is 503 PAYMENT_PROVIDER_UNAVAILABLE with Retry-After, and records nothing', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    mollie.failNext(503, 3);
    const down = await startPayment(ctx, farmA, transaction.publicId);
    expect(down.statusCode).toBe(503);
    expect(errorCode(down)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);

    mollie.failNext('hang');
    const started = Date.now();
    const hanging = await startPayment(ctx, farmA, transaction.publicId);
    expect(hanging.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);

    expect(await onlinePaymentsOf(ctx, transaction.id)).toEqual([]);
    expect((await eventsOf(ctx, transaction.id)).map((e) => e.kind)).toEqual(['created']);
    // Up again: it works.
    expect((await startPayment(ctx, farmA, transaction.publicId)).statusCode).toBe(200);
  });

  it('the webhook answers 503 (so Mollie calls again) and logs provider-unavailable; the retry pays', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    mollie.setStatus(paymentId, 'paid');
    mollie.failNext(503, 3);
    const down = await webhook(ctx, farmA, `id=${paymentId}`);
    expect(down.statusCode).toBe(503);
    expect(errorCode(down)).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(down.headers['retry-after']).toBeDefined();
    expect((await transactionRow(ctx, transaction.id)).status).toBe('open');

    expect((await webhook(ctx, farmA, `id=${paymentId}`)).statusCode).toBe(200);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('paid');
    expect((await webhookCallsOf(ctx, farmA.appId, paymentId)).map((c) => c.outcome)).toEqual([
      'provider-unavailable',
      'paid',
    ]);
  });

  it('the return page still answers, with what is stored', async () => {
    const { transaction } = await memberWithTransaction(ctx, farmA);
    const paymentId = paymentIdOf(await startPayment(ctx, farmA, transaction.publicId));
    mollie.setStatus(paymentId, 'paid');
    mollie.failNext(503, 3);
    const back = await returnFrom(ctx, farmA, transaction.publicId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'open' });
    mollie.failNext('hang');
    const hanging = await returnFrom(ctx, farmA, transaction.publicId);
    expect(hanging.statusCode).toBe(200);
    expect(hanging.json()).toMatchObject({ status: 'open' });
    // Once Mollie answers again, the same page says paid.
    expect((await returnFrom(ctx, farmA, transaction.publicId)).json()).toMatchObject({ status: 'paid' });
  });
});
