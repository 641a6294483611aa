import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import { bankOnlinePayments, mollieWebhookCalls } from '../../src/db/schema/index.js';
import { putSetting } from '../../src/lib/app-settings.js';
import { bankSettingKeys } from '../../src/modules/bank/setting-keys.js';
import { currentHarvestYear } from '../../src/modules/harvest-year.js';
import { createBankTransaction } from '../../src/seed/factories.js';
import { skipTlsVerificationForStandIn, startMollieStandIn, type MollieStandIn } from './mollie-stand-in.js';
import { createTestContext, testHost, uniqueName, type TestContext } from './test-app.js';

/** Farm A's and farm B's own Mollie keys: the stand-in keeps each key's payments apart, as Mollie does. */
export const farmKey = 'test_FarmAMollieKeyAbCdEfGhIjKlMnOpQr';
export const otherFarmKey = 'test_FarmBMollieKeyAbCdEfGhIjKlMnOpQr';

export interface MollieFarm {
  appId: string;
  name: string;
  /** The Host header that reaches this farm. */
  host: string;
  /** Where Mollie's webhook and the payer's return reach this farm (the server listens on it). */
  publicUrl: string;
}

export interface MollieFarms {
  ctx: TestContext;
  mollie: MollieStandIn;
  /** The test database's default farm, with `farmKey`; reached as `farm.test` or 127.0.0.1. */
  farmA: MollieFarm;
  /** A second farm on the same server, with `otherFarmKey`; reached as `localhost`. */
  farmB: MollieFarm;
  close(): Promise<void>;
}

/**
 * Pluk with two farms, each with its own Mollie key, against the Mollie stand-in (HTTPS, its own
 * certificate: this test process skips TLS verification until `close`). The server also listens on a
 * real port, so the stand-in calls the webhook the way Mollie would: POST `id=tr_…` to the farm's
 * public URL, whose host names the farm.
 */
export async function startMollieFarms(options: { mollieTimeoutMs?: number } = {}): Promise<MollieFarms> {
  const restoreTls = skipTlsVerificationForStandIn();
  // Retry-After 0: Mollie's client retries a 5xx at once instead of after 2 s.
  const mollie = await startMollieStandIn({ apiKeys: [farmKey, otherFarmKey], retryAfterSeconds: 0 });
  const ctx = await createTestContext({
    config: { mollieApiUrl: mollie.apiUrl, mollieTimeoutMs: options.mollieTimeoutMs ?? 3000 },
  });
  // `localhost` makes Fastify listen on 127.0.0.1 and ::1, whichever the stand-in's fetch picks.
  await ctx.app.listen({ port: 0, host: 'localhost' });
  const { port } = ctx.app.server.address() as AddressInfo;

  const farmA: MollieFarm = {
    appId: ctx.appId,
    name: 'Testhoeve',
    host: testHost,
    publicUrl: `http://127.0.0.1:${port}`,
  };
  await putSetting(ctx.db, farmA.appId, 'publicUrl', farmA.publicUrl);
  await putSetting(ctx.db, farmA.appId, bankSettingKeys.mollieApiKey, farmKey);
  const farmB: MollieFarm = {
    appId: 'veld',
    name: 'Het Veld',
    host: 'localhost',
    publicUrl: `http://localhost:${port}`,
  };
  await ctx.createApp({
    appId: farmB.appId,
    name: farmB.name,
    hosts: [farmB.host],
    settings: [
      { key: 'publicUrl', value: farmB.publicUrl },
      { key: bankSettingKeys.mollieApiKey, value: otherFarmKey },
    ],
  });
  return {
    ctx,
    mollie,
    farmA,
    farmB,
    close: async () => {
      await ctx.close();
      await mollie.close();
      restoreTls();
    },
  };
}

/** A member of the farm with one open transaction of this harvest year. */
export async function memberWithTransaction(ctx: TestContext, farm: MollieFarm, amountCents = 4250) {
  const { year } = await currentHarvestYear(ctx.db, farm.appId);
  const user = await ctx.createUser({ appId: farm.appId, username: uniqueName('betaler') });
  const transaction = await createBankTransaction(ctx.db, {
    appId: farm.appId,
    userId: user.id,
    amountCents,
    harvestYear: year,
    description: `Abonnement ${year}`,
  });
  return { user, transaction };
}

export const startPayment = (ctx: TestContext, farm: MollieFarm, publicId: string) =>
  ctx.request({
    method: 'GET',
    url: `/api/mollie/CreatePayment/${publicId}`,
    headers: { host: farm.host },
  });

export const returnFrom = (ctx: TestContext, farm: MollieFarm, publicId: string) =>
  ctx.request({ method: 'GET', url: `/api/paymentReturn/${publicId}`, headers: { host: farm.host } });

/** Mollie's webhook call, injected: a form body `id=…`. */
export const webhook = (ctx: TestContext, farm: MollieFarm, body: string): Promise<LightMyRequestResponse> =>
  ctx.request({
    method: 'POST',
    url: '/api/mollie/webhook',
    headers: { host: farm.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

/** The Mollie payment id of a checkout URL (`…/checkout/tr_…`). */
export function paymentIdOf(response: LightMyRequestResponse): string {
  const { checkoutUrl } = response.json() as { checkoutUrl: string };
  const id = checkoutUrl.split('/').at(-1);
  if (!id?.startsWith('tr_')) throw new Error(`no payment id in ${checkoutUrl}`);
  return id;
}

export const onlinePaymentsOf = (ctx: TestContext, transactionId: number) =>
  ctx.db
    .select()
    .from(bankOnlinePayments)
    .where(eq(bankOnlinePayments.transactionId, transactionId))
    .orderBy(asc(bankOnlinePayments.id));

export const webhookCallsOf = (ctx: TestContext, appId: string, paymentId: string) =>
  ctx.db
    .select()
    .from(mollieWebhookCalls)
    .where(and(eq(mollieWebhookCalls.appId, appId), eq(mollieWebhookCalls.paymentId, paymentId)))
    .orderBy(asc(mollieWebhookCalls.id));
