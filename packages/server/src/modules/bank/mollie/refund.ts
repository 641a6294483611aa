import type { FastifyInstance } from 'fastify';
import type { ManagedTransaction } from '@pluk/contract';
import { tenantDb } from '../../../db/tenant.js';
import { bankRefunds } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { formatEuros } from '../presenter.js';
import { lockTransaction, reopenLockedTransaction } from '../status-change.js';
import { bankActorOf } from '../transactions/actor.js';
import { managedTransaction } from '../transactions/read.js';
import { MollieRefusedError } from './gateway.js';

/** The key Mollie sees: a refund of this payment of this transaction is made once, however often asked. */
export const refundIdempotencyKey = (appId: string, transactionId: number, paymentId: string) =>
  `pluk-refund:${appId}:${transactionId}:${paymentId}`;

/**
 * Gives the money of a transaction paid online back through Mollie's refund API (ADR 093), and reopens
 * the transaction: the member owes it again (a manager cancels it when nothing is owed). One database
 * transaction holds the transaction's row lock from the check to the refund's ledger row, the Mollie call
 * included (at most `mollieTimeoutMs`): of two refunds at once the second waits, then finds the
 * transaction open and answers 409 TRANSACTION_NOT_PAID, and Mollie is asked once. Mollie's
 * `Idempotency-Key` (transaction and payment) covers the client's own retries; the unique index on the
 * payment in `bank_refunds` is the last guard. A refusal or outage rolls everything back: nothing changes.
 */
export async function refundTransaction(
  app: FastifyInstance,
  appId: string,
  auth: RequestAuth,
  id: number,
  reason: string,
): Promise<ManagedTransaction> {
  // Read before the transaction: its connection is the only one on an embedded database.
  const mollie = await app.mollieGateways.forFarm(appId);
  await inTransaction(app.db, async (tx) => {
    const row = await lockTransaction(tx, appId, id);
    if (!row) throw notFound();
    if (row.status !== 'paid') throw new HttpError(409, 'TRANSACTION_NOT_PAID');
    if (row.paidVia !== 'online' || !row.paymentProviderId) {
      throw new HttpError(
        409,
        'TRANSACTION_NOT_PAID',
        'Deze transactie is niet online betaald: Mollie kan ze niet terugbetalen. Heropen ze met een reden.',
      );
    }
    if (!mollie) {
      throw new HttpError(
        409,
        'PAYMENT_PROVIDER_NOT_CONFIGURED',
        'De boerderij heeft geen Mollie-sleutel meer: terugbetalen via Mollie kan pas als de sleutel terug is ingesteld.',
      );
    }
    const actor = await bankActorOf(tx, appId, auth);
    let refund;
    try {
      refund = await mollie.gateway.createRefund({
        paymentId: row.paymentProviderId,
        amountCents: row.amountCents,
        description: `Terugbetaling: ${row.description}`.slice(0, 140),
        idempotencyKey: refundIdempotencyKey(appId, id, row.paymentProviderId),
      });
    } catch (error) {
      if (error instanceof MollieRefusedError) {
        throw new HttpError(
          409,
          'PAYMENT_PROVIDER_REFUSED',
          `Mollie weigert de terugbetaling (${error.status}): ${error.detail}. Er is niets veranderd.`,
        );
      }
      throw error;
    }
    await tenantDb(tx, appId).insert(bankRefunds).values({
      appId,
      transactionId: id,
      providerPaymentId: row.paymentProviderId,
      providerRefundId: refund.id,
      amountCents: refund.amountCents,
      reason,
      actorUserId: actor.userId,
      actorName: actor.name,
    });
    await reopenLockedTransaction(tx, row, {
      kind: 'refunded',
      actor,
      detail: `${formatEuros(refund.amountCents)} terugbetaald via Mollie (${refund.id}, betaling ${row.paymentProviderId}): ${reason}`,
    });
  });
  return managedTransaction(app.db, appId, id);
}
