import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inTransaction } from '../../../db/transaction.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankOnlinePayments } from '../../../db/schema/index.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import type { Tenant } from '../../../types.js';
import { lockTransaction, recordTransactionEvent } from '../status-change.js';
import { MollieUnavailableError, mollieWebhookUrl } from './gateway.js';
import { transactionByPublicId } from './online-payments.js';
import { molliePaymentDescription } from './texts.js';

/** Where Mollie reports a payment of this farm: the farm's own address, so the Host names the farm. */
export const webhookUrlOf = (publicUrl: string) => `${publicUrl}/api/mollie/webhook`;

/**
 * Starts a Mollie payment of an open transaction (the member's "Online betalen") and answers where to
 * send the browser. Mollie is asked outside any database transaction (it may take seconds, retries
 * included, and no row lock should wait on it); what it made is then recorded in one transaction, under
 * the transaction's lock: the online payment and a `payment-started` audit row. A transaction that was
 * paid or cancelled meanwhile still gets its payment recorded (so the webhook knows it), but the member
 * is told it is handled instead of being sent to pay.
 *
 * Each call is a new attempt with its own idempotency key: Mollie's client repeats a failed create with
 * that key, so one attempt never makes two payments.
 */
export async function startOnlinePayment(
  app: FastifyInstance,
  tenant: Tenant,
  publicId: string,
): Promise<{ checkoutUrl: string }> {
  const { appId } = tenant;
  const transaction = await transactionByPublicId(app.db, appId, publicId);
  if (!transaction) throw notFound();
  if (transaction.status !== 'open') throw new HttpError(409, 'TRANSACTION_ALREADY_HANDLED');
  const mollie = await app.mollieGateways.forFarm(appId);
  if (!mollie) throw new HttpError(409, 'PAYMENT_PROVIDER_NOT_CONFIGURED');

  const publicUrl = await publicUrlOf(app, appId);
  const payment = await mollie.gateway.createPayment({
    amountCents: transaction.amountCents,
    description: molliePaymentDescription(
      tenant.name,
      transaction.description,
      transaction.structuredReference,
    ),
    redirectUrl: `${publicUrl}/paymentReturn/${transaction.publicId}`,
    webhookUrl: mollieWebhookUrl(webhookUrlOf(publicUrl), mollie.apiKey),
    methods: ['bancontact', 'creditcard'],
    metadata: { appId, transactionId: String(transaction.id), publicId: transaction.publicId },
    idempotencyKey: `pluk:${appId}:${transaction.id}:${randomUUID()}`,
  });
  if (!payment.checkoutUrl) {
    throw new MollieUnavailableError('Mollie made a payment without a checkout link');
  }

  const statusNow = await inTransaction(app.db, async (tx) => {
    const locked = await lockTransaction(tx, appId, transaction.id);
    // Deleted meanwhile (only an open or cancelled one can be): nothing left to record it on.
    if (!locked) return null;
    await tenantDb(tx, appId)
      .insert(bankOnlinePayments)
      .values({
        appId,
        transactionId: transaction.id,
        providerPaymentId: payment.id,
        status: payment.status,
        amountCents: transaction.amountCents,
        checkoutUrl: payment.checkoutUrl,
      })
      .onConflictDoNothing();
    await recordTransactionEvent(tx, appId, {
      transactionId: transaction.id,
      kind: 'payment-started',
      amountCents: transaction.amountCents,
      actor: null,
      detail: `Mollie ${payment.id}`,
    });
    return locked.status;
  });
  if (statusNow === null) throw notFound();
  if (statusNow !== 'open') throw new HttpError(409, 'TRANSACTION_ALREADY_HANDLED');
  return { checkoutUrl: payment.checkoutUrl };
}
