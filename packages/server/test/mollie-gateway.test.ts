import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.js';
import {
  centsToMollieAmount,
  createMollieGateway,
  isMollieApiKey,
  maskMollieApiKey,
  mollieAmountToCents,
  MollieRefusedError,
  MollieUnavailableError,
  mollieWebhookUrl,
  type CreateMolliePaymentInput,
} from '../src/modules/bank/mollie/gateway.js';
import {
  e2eMollieApiKey,
  skipTlsVerificationForStandIn,
  startMollieStandIn,
  type MollieStandIn,
} from './helpers/mollie-stand-in.js';

const testKey = 'test_Farm1TestKeyAbCdEfGhIjKlMnOpQrSt';
const liveKey = 'live_Farm1LiveKeyAbCdEfGhIjKlMnOpQrSt';
const otherKey = 'test_Farm2TestKeyAbCdEfGhIjKlMnOpQrSt';
const unknownKey = 'test_NobodysKeyAbCdEfGhIjKlMnOpQrStUv';

let mollie: MollieStandIn;
let restoreTls: () => void;
/** Receives the stand-in's webhook calls, as Pluk's webhook route would. */
let webhookServer: ReturnType<typeof createServer>;
let webhookUrl: string;
const webhookBodies: { contentType: string | undefined; body: string }[] = [];

/** Mollie's client retries a 5xx 2 s apart unless told otherwise: this stand-in tells it to retry at once. */
const standInOptions = { apiKeys: [testKey, liveKey, otherKey], retryAfterSeconds: 0 };

beforeAll(async () => {
  restoreTls = skipTlsVerificationForStandIn();
  mollie = await startMollieStandIn(standInOptions);
  webhookServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      webhookBodies.push({
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks).toString(),
      });
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => webhookServer.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(webhookServer.address() as AddressInfo).port}/api/bank/mollie/webhook`;
});

afterAll(async () => {
  await mollie.close();
  await new Promise<void>((resolve) => webhookServer.close(() => resolve()));
  restoreTls();
});

afterEach(() => {
  mollie.requests.length = 0;
});

const gateway = (apiKey = testKey, timeoutMs?: number) =>
  createMollieGateway({ apiKey, apiUrl: mollie.apiUrl, timeoutMs });

let counter = 0;
function paymentInput(overrides: Partial<CreateMolliePaymentInput> = {}): CreateMolliePaymentInput {
  counter += 1;
  return {
    amountCents: 1250,
    description: 'Lidmaatschap 2026 — De Plukhoeve',
    redirectUrl: 'http://localhost:3000/paymentReturn/abc',
    webhookUrl: null,
    methods: ['bancontact', 'creditcard'],
    metadata: { transactionId: String(counter), appId: 'farm' },
    idempotencyKey: `membership:${counter}:${process.pid}`,
    ...overrides,
  };
}

/** The JSON body of the last API call that reached the stand-in. */
function lastBody(): Record<string, unknown> {
  const request = mollie.requests.at(-1);
  if (!request) throw new Error('no request reached the stand-in');
  return JSON.parse(request.body) as Record<string, unknown>;
}

/** The error a promise rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('amounts: integer cents ↔ Mollie strings', () => {
  it('formats cents with two decimals, without floating point', () => {
    expect(centsToMollieAmount(1250)).toBe('12.50');
    expect(centsToMollieAmount(1)).toBe('0.01');
    expect(centsToMollieAmount(10)).toBe('0.10');
    expect(centsToMollieAmount(0)).toBe('0.00');
    expect(centsToMollieAmount(100)).toBe('1.00');
    expect(centsToMollieAmount(123456)).toBe('1234.56');
    // 0.29 * 100 is 28.999999999999996 in floating point; 1.15 * 100 is 114.99999999999999.
    expect(centsToMollieAmount(29)).toBe('0.29');
    expect(centsToMollieAmount(115)).toBe('1.15');
    expect(centsToMollieAmount(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('refuses what is not a whole, non-negative number of cents', () => {
    for (const bad of [-1, 12.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => centsToMollieAmount(bad)).toThrow(RangeError);
    }
  });

  it("reads Mollie's values exactly", () => {
    expect(mollieAmountToCents('12.50')).toBe(1250);
    expect(mollieAmountToCents('0.01')).toBe(1);
    expect(mollieAmountToCents('1234.56')).toBe(123456);
    // parseFloat('0.29') * 100 is 28.999999999999996, and 1.005 * 100 rounds the wrong way.
    expect(mollieAmountToCents('0.29')).toBe(29);
    expect(mollieAmountToCents('4.35')).toBe(435);
    expect(mollieAmountToCents('12.5')).toBe(1250);
    expect(mollieAmountToCents('12')).toBe(1200);
    // Near 2^53 a float is off by a cent or more even after rounding; integer arithmetic is not.
    expect(mollieAmountToCents('90071992547409.90')).toBe(9007199254740990);
    expect(mollieAmountToCents('90071992547409.85')).toBe(9007199254740985);
    expect(mollieAmountToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(mollieAmountToCents('90071992547409.92')).toBeNull();
    for (const bad of ['', '12.505', '-1.00', '1e3', ' 12.50', '12,50', '12.50 ', '.50', '0x10', 'NaN']) {
      expect(mollieAmountToCents(bad), bad).toBeNull();
    }
  });

  it('goes there and back for every amount', () => {
    for (let cents = 0; cents <= 20_000; cents += 1) {
      if (mollieAmountToCents(centsToMollieAmount(cents)) !== cents) throw new Error(`${cents} changed`);
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (cents) => {
        const value = centsToMollieAmount(cents);
        expect(value).toMatch(/^\d+\.\d{2}$/);
        expect(mollieAmountToCents(value)).toBe(cents);
      }),
    );
  });
});

describe('API keys', () => {
  it('knows a Mollie key by its prefix and 30+ letters and digits', () => {
    expect(isMollieApiKey(testKey)).toBe(true);
    expect(isMollieApiKey(liveKey)).toBe(true);
    expect(isMollieApiKey(e2eMollieApiKey)).toBe(true);
    expect(isMollieApiKey(`test_${'a'.repeat(30)}`)).toBe(true);
    expect(isMollieApiKey(`test_${'a'.repeat(29)}`)).toBe(false);
    expect(isMollieApiKey(`prod_${'a'.repeat(30)}`)).toBe(false);
    expect(isMollieApiKey(`access_${'a'.repeat(30)}`)).toBe(false);
    expect(isMollieApiKey(`Test_${'a'.repeat(30)}`)).toBe(false);
    expect(isMollieApiKey(`test_${'a'.repeat(29)}-`)).toBe(false);
    expect(isMollieApiKey(` test_${'a'.repeat(30)}`)).toBe(false);
    expect(isMollieApiKey(`test_${'a'.repeat(30)}\n`)).toBe(false);
    expect(isMollieApiKey('')).toBe(false);
  });

  it('masks a key to its prefix and last four characters, never the rest', () => {
    expect(maskMollieApiKey('test_dHar4XY7LxsDOtmnkVtjNVWXLSAbC1')).toBe('test_••••••••••••AbC1');
    expect(maskMollieApiKey(liveKey)).toBe('live_••••••••••••QrSt');
    // The same length whatever the key's, and nothing of text that is no key.
    expect(maskMollieApiKey(`test_${'x'.repeat(60)}AbC1`)).toBe('test_••••••••••••AbC1');
    expect(maskMollieApiKey('geheim')).toBe('••••••••••••');
    expect(maskMollieApiKey('')).toBe('••••••••••••');
    const masked = maskMollieApiKey(testKey);
    expect(masked).not.toContain(testKey.slice(5, -4));
  });
});

describe('the webhook URL Mollie gets', () => {
  it('drops a loopback webhook for a live key only', () => {
    expect(mollieWebhookUrl('http://localhost:3000/api/bank/mollie/webhook', testKey)).toBe(
      'http://localhost:3000/api/bank/mollie/webhook',
    );
    for (const url of [
      'http://localhost:3000/webhook',
      'http://hetveld.localhost:3000/webhook',
      'http://127.0.0.1/webhook',
      'http://[::1]:3000/webhook',
      'niet-een-url',
    ]) {
      expect(mollieWebhookUrl(url, liveKey), url).toBeNull();
    }
    expect(mollieWebhookUrl('https://pluk.deplukhoeve.be/api/bank/mollie/webhook', liveKey)).toBe(
      'https://pluk.deplukhoeve.be/api/bank/mollie/webhook',
    );
  });

  it('is what makes a live payment possible from a local server (Mollie refuses the loopback one)', async () => {
    const local = 'http://localhost:3000/api/bank/mollie/webhook';
    const refused = await rejection(gateway(liveKey).createPayment(paymentInput({ webhookUrl: local })));
    expect(refused).toBeInstanceOf(MollieRefusedError);
    expect(refused).toMatchObject({ status: 422, field: 'webhookUrl' });
    const payment = await gateway(liveKey).createPayment(
      paymentInput({ webhookUrl: mollieWebhookUrl(local, liveKey) }),
    );
    expect(payment.status).toBe('open');
    expect(lastBody()).not.toHaveProperty('webhookUrl');
  });
});

describe('createPayment', () => {
  it('sends the amount as a string with two decimals and answers in cents', async () => {
    for (const [cents, value] of [
      [1250, '12.50'],
      [1, '0.01'],
      [123456, '1234.56'],
    ] as const) {
      const payment = await gateway().createPayment(paymentInput({ amountCents: cents }));
      expect(lastBody().amount).toEqual({ currency: 'EUR', value });
      expect(payment.amountCents).toBe(cents);
      expect(payment.currency).toBe('EUR');
      expect(mollie.payment(payment.id)?.amount.value).toBe(value);
    }
  });

  it('creates an open payment with its checkout page, methods, metadata and webhook', async () => {
    const input = paymentInput({ webhookUrl, metadata: { transactionId: 'q7Zr2', appId: 'farm' } });
    const payment = await gateway().createPayment(input);

    expect(payment).toEqual({
      id: expect.stringMatching(/^tr_[A-Za-z0-9]+$/),
      status: 'open',
      amountCents: 1250,
      currency: 'EUR',
      checkoutUrl: `${mollie.base}/checkout/${payment.id}`,
      metadata: { transactionId: 'q7Zr2', appId: 'farm' },
      paidAt: null,
    });
    const request = mollie.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/v2/payments' });
    expect(request?.headers.authorization).toBe(`Bearer ${testKey}`);
    expect(request?.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(lastBody()).toEqual({
      amount: { currency: 'EUR', value: '12.50' },
      description: input.description,
      redirectUrl: input.redirectUrl,
      webhookUrl,
      method: ['bancontact', 'creditcard'],
      metadata: { transactionId: 'q7Zr2', appId: 'farm' },
    });
  });

  it('sends no webhook when asked for none, and no method when the payer may choose any', async () => {
    await gateway().createPayment(paymentInput({ webhookUrl: null, methods: [] }));
    const body = lastBody();
    expect(body).not.toHaveProperty('webhookUrl');
    expect(body).not.toHaveProperty('method');
  });

  it('gives back the same payment for the same idempotency key, a new one for another', async () => {
    const input = paymentInput();
    const first = await gateway().createPayment(input);
    const again = await gateway().createPayment(input);
    expect(again.id).toBe(first.id);
    expect(mollie.payments().filter((p) => p.idempotencyKey === input.idempotencyKey)).toHaveLength(1);

    const other = await gateway().createPayment({ ...input, idempotencyKey: `${input.idempotencyKey}:2` });
    expect(other.id).not.toBe(first.id);
    // Another farm's key with the same idempotency key is another payment.
    const otherFarm = await gateway(otherKey).createPayment(input);
    expect(otherFarm.id).not.toBe(first.id);
  });

  it('refuses before sending what is not a whole number of cents', async () => {
    await expect(gateway().createPayment(paymentInput({ amountCents: 12.5 }))).rejects.toThrow(RangeError);
    await expect(gateway().createPayment(paymentInput({ amountCents: -100 }))).rejects.toThrow(RangeError);
    expect(mollie.requests).toHaveLength(0);
  });

  it("passes Mollie's refusal of an invalid amount or URL on as MollieRefusedError 422", async () => {
    const zero = await rejection(gateway().createPayment(paymentInput({ amountCents: 0 })));
    expect(zero).toBeInstanceOf(MollieRefusedError);
    expect(zero).toMatchObject({ status: 422, detail: 'The amount is lower than minimum', field: 'amount' });

    const badUrl = await rejection(gateway().createPayment(paymentInput({ redirectUrl: 'niet-een-url' })));
    expect(badUrl).toMatchObject({ status: 422, field: 'redirectUrl' });
  });

  it('answers MollieRefusedError 401 for a key Mollie does not know, without telling the key', async () => {
    const error = await rejection(gateway(unknownKey).createPayment(paymentInput()));
    expect(error).toBeInstanceOf(MollieRefusedError);
    expect(error).toMatchObject({ status: 401, detail: 'Missing authentication, or failed to authenticate' });
    expect(String((error as Error).message)).not.toContain(unknownKey);
    expect(mollie.requests).toHaveLength(1);
  });

  it('refuses a malformed key itself: it never goes out', async () => {
    const error = await rejection(gateway('test_kort\r\nX-Evil: 1').createPayment(paymentInput()));
    expect(error).toBeInstanceOf(MollieRefusedError);
    expect(error).toMatchObject({ status: 401 });
    expect(mollie.requests).toHaveLength(0);
  });
});

describe('getPayment', () => {
  it('reads the status Mollie has now, with paidAt once paid and no checkout link after', async () => {
    const created = await gateway().createPayment(paymentInput({ amountCents: 4235 }));
    const open = await gateway().getPayment(created.id);
    expect(open).toEqual({ ...created });
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/payments/${created.id}` });

    mollie.setStatus(created.id, 'paid');
    const paid = await gateway().getPayment(created.id);
    expect(paid).toMatchObject({ id: created.id, status: 'paid', amountCents: 4235, checkoutUrl: null });
    expect(paid.paidAt).toBe(mollie.payment(created.id)?.paidAt);
    expect(Date.parse(paid.paidAt ?? '')).not.toBeNaN();

    for (const status of ['canceled', 'failed', 'expired', 'pending', 'authorized'] as const) {
      mollie.setStatus(created.id, status);
      expect(await gateway().getPayment(created.id)).toMatchObject({ status, paidAt: null });
    }
  });

  it('answers MollieRefusedError 404 for an unknown payment and for another key’s payment', async () => {
    const unknown = await rejection(gateway().getPayment('tr_doesnotexist'));
    expect(unknown).toBeInstanceOf(MollieRefusedError);
    expect(unknown).toMatchObject({ status: 404, detail: 'No payment exists with token tr_doesnotexist.' });

    const theirs = await gateway(otherKey).createPayment(paymentInput());
    expect(await rejection(gateway().getPayment(theirs.id))).toMatchObject({ status: 404 });
    expect((await gateway(otherKey).getPayment(theirs.id)).id).toBe(theirs.id);
  });

  it('does not ask Mollie for an id that is not one (a webhook body can hold anything)', async () => {
    for (const id of ['', '../methods', 'tr_x/../../methods', 'tr_abc?x=1', 'ord_abc', 'tr_ab%2F']) {
      const error = await rejection(gateway().getPayment(id));
      expect(error, id).toBeInstanceOf(MollieRefusedError);
      expect(error, id).toMatchObject({ status: 404 });
    }
    expect(mollie.requests).toHaveLength(0);
  });

  it('answers MollieRefusedError 401 for a key Mollie does not know', async () => {
    const created = await gateway().createPayment(paymentInput());
    expect(await rejection(gateway(unknownKey).getPayment(created.id))).toMatchObject({ status: 401 });
  });
});

describe("Mollie's official client, over HTTPS", () => {
  it('reaches the stand-in over HTTPS only when certificates go unchecked (the client trusts its own CAs only)', async () => {
    expect(mollie.apiUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/v2$/);
    restoreTls();
    try {
      const refused = await rejection(gateway().getPayment('tr_abc'));
      expect(refused).toBeInstanceOf(MollieUnavailableError);
      expect(String((refused as Error).cause)).toMatch(/self-signed certificate/);
      expect(mollie.requests).toHaveLength(0);
    } finally {
      restoreTls = skipTlsVerificationForStandIn();
    }
    const created = await gateway().createPayment(paymentInput());
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/payments' });
    expect(mollie.requests.at(-1)?.headers['user-agent']).toMatch(/Mollie\/4\./);
    expect((await gateway().getPayment(created.id)).id).toBe(created.id);
  });

  it('cannot speak plain HTTP: such an address is MollieUnavailableError, and nothing goes out', async () => {
    const plain = createMollieGateway({ apiKey: testKey, apiUrl: `${mollie.base}/v2` });
    const error = await rejection(plain.getPayment('tr_abc'));
    expect(error).toBeInstanceOf(MollieUnavailableError);
    expect((error as Error).message).toMatch(/https/);
    expect(mollie.requests).toHaveLength(0);
  });
});

describe('when Mollie is unavailable', () => {
  it("a 5xx is tried 3 times by Mollie's client (same idempotency key), then MollieUnavailableError", async () => {
    for (const status of [503, 500, 502]) {
      mollie.requests.length = 0;
      mollie.failNext(status, 3);
      const input = paymentInput();
      const error = await rejection(gateway().createPayment(input));
      expect(error).toBeInstanceOf(MollieUnavailableError);
      expect(error).toMatchObject({ status });
      expect(mollie.requests).toHaveLength(3);
      expect(mollie.requests.map((r) => r.headers['idempotency-key'])).toEqual([
        input.idempotencyKey,
        input.idempotencyKey,
        input.idempotencyKey,
      ]);
      expect(mollie.payments().filter((p) => p.idempotencyKey === input.idempotencyKey)).toHaveLength(0);
    }
    mollie.failNext(503, 3);
    expect(await rejection(gateway().getPayment('tr_abc'))).toBeInstanceOf(MollieUnavailableError);
  });

  it('a 5xx that passes is hidden by the retry: one payment, made on the second attempt', async () => {
    mollie.failNext(503);
    const input = paymentInput();
    const payment = await gateway().createPayment(input);
    expect(payment.status).toBe('open');
    expect(mollie.requests).toHaveLength(2);
    expect(mollie.payments().filter((p) => p.idempotencyKey === input.idempotencyKey)).toHaveLength(1);
  });

  it("waits 2 s between the client's attempts when Mollie names no Retry-After; our deadline bounds it all", async () => {
    const plain = await startMollieStandIn({ apiKeys: [testKey] });
    try {
      const slow = (timeoutMs?: number) =>
        createMollieGateway({ apiKey: testKey, apiUrl: plain.apiUrl, timeoutMs });
      plain.failNext(503, 3);
      const started = Date.now();
      expect(await rejection(slow().getPayment('tr_abc'))).toBeInstanceOf(MollieUnavailableError);
      const elapsed = Date.now() - started;
      expect(plain.requests).toHaveLength(3);
      expect(elapsed).toBeGreaterThanOrEqual(3900);
      expect(elapsed).toBeLessThan(8000);

      // With a deadline of 1 s the second attempt never comes: unavailable after 1 s, not 4.
      plain.requests.length = 0;
      plain.failNext(503, 3);
      const before = Date.now();
      const cut = await rejection(slow(1000).getPayment('tr_abc'));
      expect(cut).toBeInstanceOf(MollieUnavailableError);
      expect((cut as Error).message).toContain('1000 ms');
      expect(Date.now() - before).toBeLessThan(1900);
      expect(plain.requests).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });

  it('429 (too many requests) is not retried by the client: unavailable at once', async () => {
    mollie.failNext(429);
    expect(await rejection(gateway().getPayment('tr_abc'))).toBeInstanceOf(MollieUnavailableError);
    expect(mollie.requests).toHaveLength(1);
  });

  it('a hanging Mollie is MollieUnavailableError within timeoutMs', async () => {
    mollie.failNext('hang');
    const started = Date.now();
    const error = await rejection(gateway(testKey, 300).createPayment(paymentInput()));
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(MollieUnavailableError);
    expect((error as Error).message).toContain('300 ms');
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);

    mollie.failNext('hang');
    const before = Date.now();
    expect(await rejection(gateway(testKey, 200).getPayment('tr_abc'))).toBeInstanceOf(
      MollieUnavailableError,
    );
    expect(Date.now() - before).toBeLessThan(2000);
  });

  it('waits 10 s by default', async () => {
    // Not waited for here: the default is read from how long the hanging call takes to give up.
    mollie.failNext('hang');
    const call = gateway().getPayment('tr_abc');
    const outcome = await Promise.race([
      call.then(
        () => 'answered',
        () => 'gave up',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1500)),
    ]);
    expect(outcome).toBe('still waiting');
    await mollie.close();
    // The closed connection ends it now; a fresh stand-in serves the remaining tests.
    expect(await rejection(call)).toBeInstanceOf(MollieUnavailableError);
    mollie = await startMollieStandIn(standInOptions);
  });

  it('an unreachable address is MollieUnavailableError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createMollieGateway({ apiKey: testKey, apiUrl: `https://127.0.0.1:${port}/v2` });
    expect(await rejection(nowhere.createPayment(paymentInput()))).toBeInstanceOf(MollieUnavailableError);
    expect(await rejection(nowhere.getPayment('tr_abc'))).toBeInstanceOf(MollieUnavailableError);
  });

  it('an answer that is not a payment is MollieUnavailableError, never a half-read payment', async () => {
    mollie.failNext('garbage');
    expect(await rejection(gateway().createPayment(paymentInput()))).toBeInstanceOf(MollieUnavailableError);
  });
});

describe('checkConnection', () => {
  it('is ok, in test or live mode, for a key Mollie knows', async () => {
    expect(await gateway(testKey).checkConnection()).toEqual({ ok: true, mode: 'test' });
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/methods' });
    expect(await gateway(liveKey).checkConnection()).toEqual({ ok: true, mode: 'live' });
  });

  it('is not ok, with a Dutch message, for an unknown key, a malformed key or an unavailable Mollie', async () => {
    expect(await gateway(unknownKey).checkConnection()).toEqual({
      ok: false,
      reason: 'refused',
      message: 'Mollie weigert deze API-sleutel.',
    });

    mollie.requests.length = 0;
    const malformed = await gateway('geen-sleutel').checkConnection();
    expect(malformed).toMatchObject({ ok: false, reason: 'refused' });
    expect(mollie.requests).toHaveLength(0);

    mollie.failNext(503, 3);
    expect(await gateway().checkConnection()).toEqual({
      ok: false,
      reason: 'unavailable',
      message: 'Mollie is niet bereikbaar. Probeer het later opnieuw.',
    });
    mollie.failNext('hang');
    expect(await gateway(testKey, 200).checkConnection()).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});

describe('the stand-in, as the bank module and the journeys use it', () => {
  it('calls the webhook as Mollie does: POST id=<paymentId>, form-encoded', async () => {
    const payment = await gateway().createPayment(paymentInput({ webhookUrl }));
    webhookBodies.length = 0;
    expect(await mollie.callWebhook(payment.id)).toBe(200);
    expect(webhookBodies).toEqual([
      { contentType: 'application/x-www-form-urlencoded', body: `id=${payment.id}` },
    ]);
  });

  it('serves a checkout page whose "Betalen" pays, calls the webhook and sends the browser back', async () => {
    const redirectUrl = 'http://localhost:3000/paymentReturn/q7Zr2';
    const payment = await gateway().createPayment(paymentInput({ webhookUrl, redirectUrl }));
    const page = await fetch(payment.checkoutUrl ?? '');
    const html = await page.text();
    expect(page.status).toBe(200);
    for (const label of ['Betalen', 'Annuleren', 'Mislukt']) expect(html).toContain(`>${label}</button>`);
    expect(html).toContain('€ 12,50');

    webhookBodies.length = 0;
    const paid = await fetch(payment.checkoutUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=paid',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(redirectUrl);
    // The webhook came before the browser was sent back.
    expect(webhookBodies).toEqual([
      { contentType: 'application/x-www-form-urlencoded', body: `id=${payment.id}` },
    ]);
    expect(await gateway().getPayment(payment.id)).toMatchObject({ status: 'paid', checkoutUrl: null });

    // Paid is final: the page sends a second visit straight back.
    const again = await fetch(payment.checkoutUrl ?? '', { redirect: 'manual' });
    expect(again.status).toBe(303);
    const cancelLater = await fetch(payment.checkoutUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=canceled',
      redirect: 'manual',
    });
    expect(cancelLater.status).toBe(303);
    expect(mollie.payment(payment.id)?.status).toBe('paid');
  });

  it('"Annuleren" and "Mislukt" set canceled and failed', async () => {
    for (const status of ['canceled', 'failed'] as const) {
      const payment = await gateway().createPayment(paymentInput());
      const answer = await fetch(payment.checkoutUrl ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `status=${status}`,
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      expect((await gateway().getPayment(payment.id)).status).toBe(status);
    }
  });

  it('is steered over HTTP from another process (the journeys)', async () => {
    const payment = await gateway().createPayment(paymentInput());
    const listed = (await (await fetch(`${mollie.base}/stand-in/payments`)).json()) as { id: string }[];
    expect(listed.map((p) => p.id)).toContain(payment.id);
    const set = await fetch(`${mollie.base}/stand-in/payments/${payment.id}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'expired' }),
    });
    expect(set.status).toBe(204);
    expect((await gateway().getPayment(payment.id)).status).toBe('expired');
    await fetch(`${mollie.base}/stand-in/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ failure: 503, times: 3 }),
    });
    expect(await rejection(gateway().getPayment(payment.id))).toBeInstanceOf(MollieUnavailableError);
  });
});

describe('the MOLLIE_API_URL setting', () => {
  it("defaults to Mollie's live API and reaches the app as config.mollieApiUrl", () => {
    expect(parseConfig({}).mollieApiUrl).toBe('https://api.mollie.com/v2');
    expect(parseConfig({}).mollieTimeoutMs).toBe(10_000);
    expect(parseConfig({ MOLLIE_API_URL: 'http://127.0.0.1:3196/v2/' }).mollieApiUrl).toBe(
      'http://127.0.0.1:3196/v2',
    );
    expect(parseConfig({ MOLLIE_API_URL: 'https://mollie.proxy.example/v2' }).mollieApiUrl).toBe(
      'https://mollie.proxy.example/v2',
    );
  });

  it('refuses a URL that is none, and plain http beyond this machine (the API key would travel in clear)', () => {
    expect(() => parseConfig({ MOLLIE_API_URL: 'mollie' })).toThrow(/MOLLIE_API_URL="mollie"/);
    expect(() => parseConfig({ MOLLIE_API_URL: 'ftp://api.mollie.com/v2' })).toThrow(/MOLLIE_API_URL/);
    expect(() => parseConfig({ MOLLIE_API_URL: 'http://api.mollie.com/v2' })).toThrow(/https:\/\//);
    expect(parseConfig({ MOLLIE_API_URL: 'http://localhost:3196/v2' }).mollieApiUrl).toBe(
      'http://localhost:3196/v2',
    );
  });
});
