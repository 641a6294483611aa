import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLimits, mollieStatusSchema } from '@pluk/contract';
import { auditLog, mollieWebhookCalls, settings } from '../src/db/schema/index.js';
import { bankSettingKeys } from '../src/modules/bank/setting-keys.js';
import type { CreatedUser } from '../src/seed/factories.js';
import {
  skipTlsVerificationForStandIn,
  startMollieStandIn,
  type MollieStandIn,
} from './helpers/mollie-stand-in.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * The farm's Mollie key (`applicationManager/mollie`): checked with Mollie before it is saved, shown back
 * masked only, never in an answer or the log; ApplicationManager only.
 */

const goodKey = 'test_GoodFarmKeyAbCdEfGhIjKlMnOpQrStU';
const liveKey = 'live_GoodFarmKeyAbCdEfGhIjKlMnOpQrStU';
const unknownKey = 'test_UnknownKeyAbCdEfGhIjKlMnOpQrStUv';
const keys = [goodKey, liveKey, unknownKey];

let ctx: TestContext;
let mollie: MollieStandIn;
let restoreTls: () => void;
const logLines: string[] = [];
let manager: CreatedUser;

beforeAll(async () => {
  restoreTls = skipTlsVerificationForStandIn();
  mollie = await startMollieStandIn({ apiKeys: [goodKey, liveKey], retryAfterSeconds: 0 });
  ctx = await createTestContext({
    config: { mollieApiUrl: mollie.apiUrl, mollieTimeoutMs: 1500, logLevel: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  manager = await ctx.createUser({ username: 'appbeheerder', roles: ['ApplicationManager'] });
});
afterAll(async () => {
  await ctx.close();
  await mollie.close();
  restoreTls();
});

/** `as`: the caller, the ApplicationManager by default; null is anonymous. */
const status = (as: CreatedUser | null = manager) =>
  ctx.request({ method: 'GET', url: '/api/applicationManager/mollie', as: as ?? undefined });
const save = (apiKey: unknown, as: CreatedUser | null = manager) =>
  ctx.request({
    method: 'POST',
    url: '/api/applicationManager/mollie',
    as: as ?? undefined,
    payload: { apiKey },
  });
const remove = (as: CreatedUser | null = manager) =>
  ctx.request({ method: 'DELETE', url: '/api/applicationManager/mollie', as: as ?? undefined });

async function storedKey(): Promise<string | undefined> {
  const [row] = await ctx.db
    .select()
    .from(settings)
    .where(and(eq(settings.appId, ctx.appId), eq(settings.key, bankSettingKeys.mollieApiKey)));
  return row?.value;
}

const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; fields?: Record<string, string> } }).error;

describe('who may see and change the key', () => {
  it('the ApplicationManager (and the Admin); a BankManager or member 403, anonymous 401', async () => {
    const bankManager = await ctx.createUser({ username: 'bankbeheerder', roles: ['BankManager'] });
    const member = await ctx.createUser({ username: 'gewoonlid' });
    const admin = await ctx.createUser({ username: 'beheerder', roles: ['Admin'] });
    for (const call of [status, (as: CreatedUser | null) => save(goodKey, as), remove]) {
      expect((await call(bankManager)).statusCode).toBe(403);
      expect((await call(member)).statusCode).toBe(403);
      expect((await call(null)).statusCode).toBe(401);
    }
    expect(await storedKey()).toBeUndefined();
    expect((await status(admin)).statusCode).toBe(200);
    expect((await status(manager)).statusCode).toBe(200);
  });
});

describe('the Mollie connection', () => {
  it('without a key: not configured, no connection, the farm’s webhook address', async () => {
    const response = await status();
    expect(response.statusCode).toBe(200);
    expect(mollieStatusSchema.parse(response.json())).toEqual({
      configured: false,
      maskedKey: null,
      connection: null,
      webhookUrl: 'http://pluk.test/api/mollie/webhook',
      webhookCalls: [],
    });
  });

  it('refuses a key Mollie does not accept (409, the reason on apiKey) and saves nothing', async () => {
    const response = await save(unknownKey);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'PAYMENT_PROVIDER_REFUSED',
      fields: { apiKey: 'Mollie weigert deze API-sleutel.' },
    });
    expect(response.body).not.toContain(unknownKey);
    expect(await storedKey()).toBeUndefined();
    expect(mollie.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/methods' });
  });

  it('refuses what is no Mollie key with 400, without asking Mollie', async () => {
    const before = mollie.requests.length;
    for (const bad of ['', 'geheim', `prod_${'a'.repeat(30)}`, `test_${'a'.repeat(29)}`, 42, null]) {
      const response = await save(bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_ERROR');
    }
    expect(mollie.requests.length).toBe(before);
  });

  it('answers 503 with Retry-After while Mollie cannot be asked, and saves nothing', async () => {
    mollie.failNext(503, 3);
    const response = await save(goodKey);
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(response.headers['retry-after']).toBeDefined();
    expect(await storedKey()).toBeUndefined();
  });

  it('saves a key Mollie accepts and shows it masked, never whole', async () => {
    const response = await save(`  ${goodKey}  `);
    expect(response.statusCode, response.body).toBe(200);
    expect(mollieStatusSchema.parse(response.json())).toMatchObject({
      configured: true,
      maskedKey: `test_••••••••••••${goodKey.slice(-4)}`,
      connection: { ok: true, mode: 'test' },
    });
    expect(response.body).not.toContain(goodKey);
    expect(response.body).not.toContain(goodKey.slice(5, -4));
    expect(await storedKey()).toBe(goodKey);

    const shown = await status();
    expect(shown.json()).toMatchObject({ configured: true, connection: { ok: true, mode: 'test' } });
    expect(shown.body).not.toContain(goodKey);

    // The audit log has who did it, with the masked key only.
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, ctx.appId), eq(auditLog.action, 'mollie.key.save')));
    expect(audits).toMatchObject([
      {
        actorUserId: manager.id,
        details: { maskedKey: `test_••••••••••••${goodKey.slice(-4)}`, mode: 'test' },
      },
    ]);
    expect(JSON.stringify(audits)).not.toContain(goodKey);
  });

  it('replaces it with a live key, and tells when Mollie no longer accepts the saved one', async () => {
    expect((await save(liveKey)).json()).toMatchObject({ connection: { ok: true, mode: 'live' } });
    expect(await storedKey()).toBe(liveKey);
    // The key was revoked at Mollie: the page says so instead of failing.
    await ctx.db
      .update(settings)
      .set({ value: unknownKey })
      .where(and(eq(settings.appId, ctx.appId), eq(settings.key, bankSettingKeys.mollieApiKey)));
    const revoked = await status();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({
      configured: true,
      connection: { ok: false, message: 'Mollie weigert deze API-sleutel.' },
    });
    mollie.failNext(503, 3);
    expect((await status()).json()).toMatchObject({
      connection: { ok: false, message: 'Mollie is niet bereikbaar. Probeer het later opnieuw.' },
    });
  });

  it('lists the latest webhook calls of this farm, newest first, at most the limit', async () => {
    await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
    await ctx.db
      .insert(mollieWebhookCalls)
      .values({ appId: 'ander', paymentId: 'tr_vananderen', outcome: 'paid' });
    const count = bankLimits.webhookCallsShown + 5;
    await ctx.db.insert(mollieWebhookCalls).values(
      Array.from({ length: count }, (_, i) => ({
        appId: ctx.appId,
        paymentId: `tr_call${i}`,
        outcome: i % 2 === 0 ? 'unchanged' : 'unknown-payment',
        mollieStatus: i % 2 === 0 ? 'open' : null,
      })),
    );
    const calls = mollieStatusSchema.parse((await status()).json()).webhookCalls;
    expect(calls).toHaveLength(bankLimits.webhookCallsShown);
    expect(calls[0]).toMatchObject({
      paymentId: `tr_call${count - 1}`,
      outcome: 'unchanged',
      mollieStatus: 'open',
    });
    expect(calls.at(-1)?.paymentId).toBe(`tr_call${count - bankLimits.webhookCallsShown}`);
    expect(calls.map((c) => c.paymentId)).not.toContain('tr_vananderen');
  });

  it('removes the key: not configured any more; removing again is fine', async () => {
    expect((await remove()).statusCode).toBe(204);
    expect(await storedKey()).toBeUndefined();
    expect((await status()).json()).toMatchObject({ configured: false, maskedKey: null, connection: null });
    expect((await remove()).statusCode).toBe(204);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.appId, ctx.appId), eq(auditLog.action, 'mollie.key.remove')));
    expect(audits).toHaveLength(1);
  });
});

describe('the log', () => {
  it('hides any apiKey field, and never held one of the keys', async () => {
    ctx.app.log.info({ body: { apiKey: goodKey }, nested: { deeper: { apiKey: goodKey } } }, 'probe');
    const probe = logLines.find((line) => line.includes('"probe"'));
    expect(probe).toBeDefined();
    expect(probe).toContain('[verborgen]');
    for (const key of keys) {
      expect(logLines.filter((line) => line.includes(key))).toEqual([]);
    }
    expect(logLines.some((line) => line.includes('Mollie unavailable'))).toBe(true);
  });
});
