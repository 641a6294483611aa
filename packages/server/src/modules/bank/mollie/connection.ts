import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bankLimits, type MollieStatus } from '@pluk/contract';
import { inTransaction } from '../../../db/transaction.js';
import { tenantDb } from '../../../db/tenant.js';
import { settings } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-error.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import type { RequestAuth } from '../../../types.js';
import { audit } from '../../audit.js';
import { bankSettingKeys } from '../setting-keys.js';
import { maskMollieApiKey, MollieUnavailableError, type MollieConnection } from './gateway.js';
import { latestWebhookCalls } from './online-payments.js';
import { webhookUrlOf } from './start-payment.js';

/**
 * The farm's Mollie connection (`applicationManager/mollie`, ApplicationManager only): its API key,
 * shown back masked only (never whole, not even right after saving), whether Mollie accepts it, the
 * farm's webhook address and the webhook's latest calls. A key is saved only after Mollie accepted it.
 */

function presentConnection(connection: MollieConnection | null): MollieStatus['connection'] {
  if (connection === null) return null;
  return connection.ok ? { ok: true, mode: connection.mode } : { ok: false, message: connection.message };
}

async function statusOf(
  app: FastifyInstance,
  appId: string,
  apiKey: string | null,
  connection: MollieConnection | null,
): Promise<MollieStatus> {
  const [publicUrl, calls] = await Promise.all([
    publicUrlOf(app, appId),
    latestWebhookCalls(app.db, appId, bankLimits.webhookCallsShown),
  ]);
  return {
    configured: apiKey !== null,
    maskedKey: apiKey === null ? null : maskMollieApiKey(apiKey),
    connection: presentConnection(connection),
    webhookUrl: webhookUrlOf(publicUrl),
    webhookCalls: calls.map((call) => ({
      id: call.id,
      receivedAt: call.receivedAt.toISOString(),
      paymentId: call.paymentId,
      mollieStatus: call.mollieStatus,
      outcome: call.outcome,
      transactionId: call.transactionId,
    })),
  };
}

/** `GET applicationManager/mollie`: asks Mollie whether the saved key still works. */
export async function mollieStatus(app: FastifyInstance, appId: string): Promise<MollieStatus> {
  const mollie = await app.mollieGateways.forFarm(appId);
  const connection = mollie ? await mollie.gateway.checkConnection() : null;
  return statusOf(app, appId, mollie?.apiKey ?? null, connection);
}

/**
 * `POST applicationManager/mollie`: checks the key with Mollie and saves it when Mollie accepts it
 * (409 PAYMENT_PROVIDER_REFUSED with Mollie's reason on `apiKey` otherwise; 503 while Mollie cannot be
 * asked, so a key is never saved unchecked). The audit log keeps the masked key only.
 */
export async function saveMollieKey(
  app: FastifyInstance,
  auth: RequestAuth,
  apiKey: string,
): Promise<MollieStatus> {
  const { appId } = auth.user;
  const connection = await app.mollieGateways.forKey(apiKey).checkConnection();
  if (!connection.ok) {
    if (connection.reason === 'unavailable') throw new MollieUnavailableError(connection.message);
    throw new HttpError(409, 'PAYMENT_PROVIDER_REFUSED', connection.message, { apiKey: connection.message });
  }
  await inTransaction(app.db, async (tx) => {
    await tenantDb(tx, appId)
      .insert(settings)
      .values({ appId, key: bankSettingKeys.mollieApiKey, value: apiKey, isPublic: false })
      .onConflictDoUpdate({
        target: [settings.appId, settings.key],
        set: { value: apiKey, isPublic: false },
      });
    await audit(tx, appId, auth, 'mollie.key.save', {
      maskedKey: maskMollieApiKey(apiKey),
      mode: connection.mode,
    });
  });
  return statusOf(app, appId, apiKey, connection);
}

/** `DELETE applicationManager/mollie`: members pay by transfer from now on. Removing no key is fine too. */
export async function removeMollieKey(app: FastifyInstance, auth: RequestAuth): Promise<void> {
  const { appId } = auth.user;
  await inTransaction(app.db, async (tx) => {
    const removed = await tenantDb(tx, appId)
      .delete(settings)
      .where(and(eq(settings.appId, appId), eq(settings.key, bankSettingKeys.mollieApiKey)))
      .returning({ value: settings.value });
    if (removed[0]) {
      await audit(tx, appId, auth, 'mollie.key.remove', { maskedKey: maskMollieApiKey(removed[0].value) });
    }
  });
}
