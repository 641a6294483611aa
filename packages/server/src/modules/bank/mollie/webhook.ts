import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../../db/transaction.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import { applyMolliePayment } from './apply-payment.js';
import { MollieRefusedError, MollieUnavailableError, type MolliePayment } from './gateway.js';
import { onlinePaymentByProviderId, recordWebhookCall } from './online-payments.js';

/**
 * Mollie's webhook: "something happened to payment `id`". The id is only a hint: the payment is looked up
 * among this farm's own online payments (the Host names the farm) and then fetched from Mollie with this
 * farm's key, and only Mollie's answer is applied (`applyMolliePayment`). Every call is logged in
 * `mollie_webhook_calls` with what it did.
 *
 * Answers (Mollie retries a webhook that does not answer 2xx, for hours):
 * - an id this farm never started (another farm's, a guess, a typo): `unknown-payment`, nothing asked
 *   of Mollie, nothing changed, 200;
 * - Mollie refuses (the key was replaced, Mollie does not know the id): `provider-refused`, 200, since
 *   asking again will not help; the farm has no key any more: `not-configured`, 200;
 * - Mollie cannot be reached: `provider-unavailable`, and `MollieUnavailableError` for a 503, so Mollie
 *   calls again later;
 * - otherwise the outcome of applying it, 200: a replay or an out-of-order call changes nothing.
 */
export async function receiveMollieWebhook(
  app: FastifyInstance,
  appId: string,
  paymentId: string,
): Promise<void> {
  const online = await onlinePaymentByProviderId(app.db, appId, paymentId);
  if (!online) {
    await recordWebhookCall(app.db, appId, { paymentId, outcome: 'unknown-payment' });
    return;
  }
  const transactionId = online.transactionId;
  const mollie = await app.mollieGateways.forFarm(appId);
  if (!mollie) {
    await recordWebhookCall(app.db, appId, { paymentId, outcome: 'not-configured', transactionId });
    return;
  }

  let payment: MolliePayment;
  try {
    payment = await mollie.gateway.getPayment(paymentId);
  } catch (error) {
    if (error instanceof MollieUnavailableError) {
      await recordWebhookCall(app.db, appId, { paymentId, outcome: 'provider-unavailable', transactionId });
    } else if (error instanceof MollieRefusedError) {
      await recordWebhookCall(app.db, appId, { paymentId, outcome: 'provider-refused', transactionId });
      return;
    }
    throw error;
  }

  const publicUrl = await publicUrlOf(app, appId);
  const outcome = await inTransaction(app.db, async (tx) => {
    const applied = await applyMolliePayment(tx, appId, online, payment, publicUrl);
    await recordWebhookCall(tx, appId, {
      paymentId,
      outcome: applied.outcome,
      mollieStatus: payment.status,
      transactionId,
    });
    return applied.outcome;
  });
  // The receipt's e-mail and push jobs were queued with the payment (decision 090).
  if (outcome === 'paid') app.jobs.wake();
}
