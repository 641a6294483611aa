import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankOnlinePayments } from '../../../db/schema/index.js';
import {
  closeTransaction,
  lockTransaction,
  recordTransactionEvent,
  type BankTransactionRow,
} from '../status-change.js';
import { queuePaymentReceipt } from '../reminders/receipt.js';
import type { MolliePayment, MolliePaymentStatus } from './gateway.js';
import type { OnlinePaymentRow, WebhookOutcome } from './online-payments.js';
import { formatEuros } from '@pluk/contract';

/** Statuses Mollie never leaves (a payment that failed is not retried: a new one is started). */
const finalStatuses: ReadonlySet<string> = new Set(['paid', 'failed', 'canceled', 'expired']);

/**
 * The online payment's status after Mollie's answer. Calls can arrive out of order (a retried webhook
 * with an old state is answered with today's state by Mollie, but a return page and a webhook may
 * read Mollie at different moments): `paid` is never overwritten, and no final status goes back to
 * `open`, `pending` or `authorized`.
 */
function nextStatus(stored: string, mollie: MolliePaymentStatus): string {
  if (stored === mollie || stored === 'paid') return stored;
  if (finalStatuses.has(stored) && !finalStatuses.has(mollie)) return stored;
  return mollie;
}

/** Mollie's payment pays exactly this transaction: our metadata, in euro, to the cent. */
function paysExactly(payment: MolliePayment, transaction: BankTransactionRow): boolean {
  return (
    payment.currency === 'EUR' &&
    payment.amountCents === transaction.amountCents &&
    payment.metadata?.transactionId === String(transaction.id)
  );
}

function paidAtOf(payment: MolliePayment): Date {
  const at = payment.paidAt === null ? Number.NaN : Date.parse(payment.paidAt);
  return Number.isNaN(at) ? new Date() : new Date(at);
}

export interface AppliedPayment {
  outcome: Exclude<
    WebhookOutcome,
    'unknown-payment' | 'provider-unavailable' | 'provider-refused' | 'not-configured'
  >;
}

/**
 * Applies what Mollie says of one of our online payments, inside the caller's database transaction;
 * the webhook and the return page share it, so they can never disagree. Mollie's answer is the truth
 * (fetched with the farm's own key by the caller); a request's body is never trusted.
 *
 * The bank transaction's row is locked first: concurrent webhooks, replays and a return page of the
 * same payment queue here, and each decides on what the one before committed. Then:
 * - the online payment keeps Mollie's status (see `nextStatus`: a late `open` never reopens anything);
 * - `paid` with our amount and metadata closes the transaction through `closeTransaction` (paid,
 *   online, Mollie's paidAt, the payment id as provider id): `paid` once, `unchanged` for every later call;
 * - `paid` with another amount or someone else's metadata changes nothing but is flagged once on the
 *   transaction's audit (`amount-mismatch`), as is a Mollie payment that arrives for a transaction
 *   already paid another way or cancelled (the member paid twice: a manager refunds);
 * - `failed`, `expired` and `canceled` leave the transaction open (the member can try again);
 * - the call that pays queues the receipt (e-mail and notification) in this same transaction, once
 *   (decision 090); `publicUrl` is the farm's address for the e-mail's link.
 */
export async function applyMolliePayment(
  tx: Transaction,
  appId: string,
  online: OnlinePaymentRow,
  payment: MolliePayment,
  publicUrl: string,
): Promise<AppliedPayment> {
  // The one lock that orders racing calls: everything below reads what the call before committed.
  const transaction = await lockTransaction(tx, appId, online.transactionId);
  // Deleting a transaction deletes its online payments: only a race with that delete gets here.
  if (!transaction) return { outcome: 'unchanged' };

  // Read again under the lock: the caller's copy may predate a call that committed meanwhile.
  const [current] = await tenantDb(tx, appId)
    .select({ status: bankOnlinePayments.status })
    .from(bankOnlinePayments)
    .where(and(eq(bankOnlinePayments.appId, appId), eq(bankOnlinePayments.id, online.id)));
  const before = current?.status ?? online.status;
  const after = nextStatus(before, payment.status);

  const outcome = await settle(tx, appId, transaction, payment, before, after, publicUrl);
  // Last, so no other row lock than the transaction's can order racing calls (the race test proves it).
  if (after !== before) {
    await tenantDb(tx, appId)
      .update(bankOnlinePayments)
      .set({ status: after, checkoutUrl: payment.checkoutUrl, updatedAt: sql`now()` })
      .where(and(eq(bankOnlinePayments.appId, appId), eq(bankOnlinePayments.id, online.id)));
  }
  return { outcome };
}

/** What Mollie's payment does to the (locked) bank transaction; `before`/`after`: the online payment's status. */
async function settle(
  tx: Transaction,
  appId: string,
  transaction: BankTransactionRow,
  payment: MolliePayment,
  before: string,
  after: string,
  publicUrl: string,
): Promise<AppliedPayment['outcome']> {
  if (payment.status !== 'paid') {
    const ended = after !== before && (after === 'failed' || after === 'expired' || after === 'canceled');
    return ended ? after : 'unchanged';
  }
  const firstTimePaid = before !== 'paid';
  if (!paysExactly(payment, transaction)) {
    if (firstTimePaid) {
      await recordTransactionEvent(tx, appId, {
        transactionId: transaction.id,
        kind: 'payment-flagged',
        amountCents: payment.amountCents,
        actor: null,
        detail:
          `Mollie ${payment.id}: betaald ${formatEuros(payment.amountCents)} (${payment.currency}) ` +
          `komt niet overeen met ${formatEuros(transaction.amountCents)} van deze transactie.`,
      });
    }
    return 'amount-mismatch';
  }
  const closed = await closeTransaction(tx, appId, transaction.id, {
    to: 'paid',
    via: 'online',
    paidAt: paidAtOf(payment),
    actor: null,
    detail: `Mollie ${payment.id}`,
    paymentProviderId: payment.id,
  });
  if (closed.changed && closed.row) {
    await queuePaymentReceipt(tx, appId, closed.row, publicUrl);
    return 'paid';
  }
  if (firstTimePaid && transaction.paymentProviderId !== payment.id) {
    await recordTransactionEvent(tx, appId, {
      transactionId: transaction.id,
      kind: 'payment-flagged',
      amountCents: payment.amountCents,
      actor: null,
      detail:
        `Mollie ${payment.id}: ${formatEuros(payment.amountCents)} online betaald, maar de transactie ` +
        `was al ${transaction.status === 'paid' ? 'betaald' : 'geannuleerd'}. Terugbetalen?`,
    });
  }
  return 'unchanged';
}
