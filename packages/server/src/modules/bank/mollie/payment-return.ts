import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentReturn } from '@pluk/contract';
import { inTransaction } from '../../../db/transaction.js';
import { notFound } from '../../../lib/http-error.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import type { Tenant } from '../../../types.js';
import type { BankTransactionRow } from '../status-change.js';
import { applyMolliePayment } from './apply-payment.js';
import { MollieRefusedError, MollieUnavailableError } from './gateway.js';
import {
  latestOnlinePayment,
  transactionByPublicId,
  unsettledOnlinePayments,
  type OnlinePaymentRow,
} from './online-payments.js';

/**
 * Asks Mollie for the state of every attempt it may still move (the latest first, ADR 093) and applies
 * each exactly as the webhook does, so a member who comes back before the webhook arrives (or whose
 * webhook Mollie could not deliver) still sees "betaald", also when they paid an earlier attempt's tab.
 * It stops at the first that pays. Mollie being unreachable or refusing is no error for the member: the
 * stored state stands.
 */
async function refreshFromMollie(
  app: FastifyInstance,
  appId: string,
  attempts: readonly OnlinePaymentRow[],
  log: FastifyBaseLogger,
): Promise<void> {
  const mollie = await app.mollieGateways.forFarm(appId);
  if (!mollie) return;
  const publicUrl = await publicUrlOf(app, appId);
  for (const online of attempts) {
    try {
      const payment = await mollie.gateway.getPayment(online.providerPaymentId);
      const { outcome } = await inTransaction(app.db, (tx) =>
        applyMolliePayment(tx, appId, online, payment, publicUrl),
      );
      // The receipt's e-mail and push jobs were queued with the payment (decision 090).
      if (outcome === 'paid') app.jobs.wake();
      if (payment.status === 'paid') return; // paid (or flagged for a manager): the rest cannot pay it
    } catch (error) {
      if (!(error instanceof MollieUnavailableError) && !(error instanceof MollieRefusedError)) throw error;
      log.warn(
        { mollie: error.message, paymentId: online.providerPaymentId },
        'payment return: Mollie not asked',
      );
      if (error instanceof MollieUnavailableError) return; // the next attempt would wait as long
    }
  }
}

type ReturnStatus = PaymentReturn['status'];

/** The member's view: the transaction's own state, else the last online attempt's. */
function returnStatus(transaction: BankTransactionRow, online: OnlinePaymentRow | undefined): ReturnStatus {
  if (transaction.status === 'paid') return 'paid';
  if (transaction.status === 'cancelled') return 'cancelled';
  switch (online?.status) {
    case 'pending':
    case 'failed':
    case 'expired':
    case 'canceled':
      return online.status;
    // Authorized, or paid at Mollie while the transaction stays open (an amount that did not match,
    // flagged for a manager): the money is on its way, not yet booked.
    case 'authorized':
    case 'paid':
      return 'pending';
    default:
      return 'open';
  }
}

/**
 * `GET paymentReturn/{publicId}`: where Mollie sends the member back to. The URL says nothing about the
 * outcome (anyone can open it): the server reads the transaction and, while it is open and has an online
 * payment, asks Mollie for that payment's state first.
 */
export async function paymentReturn(
  app: FastifyInstance,
  tenant: Tenant,
  publicId: string,
  log: FastifyBaseLogger,
): Promise<PaymentReturn> {
  const { appId } = tenant;
  let transaction = await transactionByPublicId(app.db, appId, publicId);
  if (!transaction) throw notFound();
  let online = await latestOnlinePayment(app.db, appId, transaction.id);
  const attempts =
    transaction.status === 'open' ? await unsettledOnlinePayments(app.db, appId, transaction.id) : [];
  if (attempts.length > 0) {
    await refreshFromMollie(app, appId, attempts, log);
    transaction = (await transactionByPublicId(app.db, appId, publicId)) ?? transaction;
    online = await latestOnlinePayment(app.db, appId, transaction.id);
  }
  return {
    publicId: transaction.publicId,
    status: returnStatus(transaction, online),
    amountCents: transaction.amountCents,
    description: transaction.description,
    farmName: tenant.name,
  };
}
