import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankOnlinePayments, bankTransactions, mollieWebhookCalls } from '../../../db/schema/index.js';
import type { BankTransactionRow } from '../status-change.js';

/** The rows of online payment: Mollie payments started for a transaction, and the webhook's log. */

export type OnlinePaymentRow = typeof bankOnlinePayments.$inferSelect;

/** What a webhook call did (`mollie_webhook_calls.outcome`; the mollie page shows it). */
export type WebhookOutcome =
  | 'paid'
  | 'unchanged'
  | 'failed'
  | 'expired'
  | 'canceled'
  | 'amount-mismatch'
  | 'unknown-payment'
  | 'provider-unavailable'
  | 'provider-refused'
  | 'not-configured';

type Db = Database | Transaction;

/** A transaction of this farm by its public id (another farm's id is not found). */
export async function transactionByPublicId(
  db: Db,
  appId: string,
  publicId: string,
): Promise<BankTransactionRow | undefined> {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.publicId, publicId)));
  return row;
}

/** This farm's online payment with Mollie's id; another farm's payment is not found. */
export async function onlinePaymentByProviderId(
  db: Db,
  appId: string,
  providerPaymentId: string,
): Promise<OnlinePaymentRow | undefined> {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(bankOnlinePayments)
    .where(
      and(eq(bankOnlinePayments.appId, appId), eq(bankOnlinePayments.providerPaymentId, providerPaymentId)),
    );
  return row;
}

/** The last online payment started for a transaction, if any. */
export async function latestOnlinePayment(
  db: Db,
  appId: string,
  transactionId: number,
): Promise<OnlinePaymentRow | undefined> {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(bankOnlinePayments)
    .where(and(eq(bankOnlinePayments.appId, appId), eq(bankOnlinePayments.transactionId, transactionId)))
    .orderBy(desc(bankOnlinePayments.id))
    .limit(1);
  return row;
}

/** At most this many attempts are asked about on one return (a member rarely starts more than a few). */
export const attemptsAskedOnReturn = 10;

/**
 * The attempts of a transaction Mollie may still move (not paid, failed, canceled or expired), the
 * latest first: a member may pay an earlier attempt's tab after starting a new one (ADR 093).
 */
export async function unsettledOnlinePayments(
  db: Db,
  appId: string,
  transactionId: number,
): Promise<OnlinePaymentRow[]> {
  return tenantDb(db, appId)
    .select()
    .from(bankOnlinePayments)
    .where(
      and(
        eq(bankOnlinePayments.appId, appId),
        eq(bankOnlinePayments.transactionId, transactionId),
        notInArray(bankOnlinePayments.status, ['paid', 'failed', 'canceled', 'expired']),
      ),
    )
    .orderBy(desc(bankOnlinePayments.id))
    .limit(attemptsAskedOnReturn);
}

export async function recordWebhookCall(
  db: Db,
  appId: string,
  call: {
    paymentId: string;
    outcome: WebhookOutcome;
    mollieStatus?: string | null;
    transactionId?: number | null;
  },
): Promise<void> {
  await tenantDb(db, appId)
    .insert(mollieWebhookCalls)
    .values({
      appId,
      paymentId: call.paymentId,
      outcome: call.outcome,
      mollieStatus: call.mollieStatus ?? null,
      transactionId: call.transactionId ?? null,
    });
}

/** The latest webhook calls of this farm, newest first. */
export async function latestWebhookCalls(db: Db, appId: string, limit: number) {
  return tenantDb(db, appId)
    .select()
    .from(mollieWebhookCalls)
    .where(eq(mollieWebhookCalls.appId, appId))
    .orderBy(desc(mollieWebhookCalls.id))
    .limit(limit);
}
