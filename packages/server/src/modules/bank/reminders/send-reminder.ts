import { and, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankReminders, bankTransactions, users } from '../../../db/schema/index.js';
import { enqueue } from '../../../jobs/queue.js';
import { mailJob } from '../../../mail/mail-job.js';
import { renderPaymentEmail, type PaymentEmailInput } from '../../../mail/payment-templates.js';
import { payerColumns } from '../emails/payer-columns.js';
import { recordTransactionEvent, type BankActor } from '../status-change.js';

/** The job key of reminder `number` of a transaction: that reminder is mailed once, ever (ADR 093). */
export const reminderJobKey = (appId: string, transactionId: number, number: number) =>
  `bank-reminder:${appId}:${transactionId}:${number}`;

export type ReminderOutcome =
  | { sent: true; number: number; to: string }
  | { sent: false; why: 'not-open' | 'no-email' | 'already-sent' | 'not-found' };

/**
 * Sends the next payment reminder of one open transaction, in the caller's database transaction: claims
 * reminder `number` (count so far + 1) in `bank_reminders`, whose unique index lets only one of two
 * overlapping runs have it; enqueues one mail job with the key `bank-reminder:<app>:<transaction>:<n>`;
 * and records `reminder-sent` in the transaction's history. The worker still drops the mail when the
 * transaction is paid by then (`paymentDelivery`).
 */
export async function sendReminder(
  tx: Transaction,
  appId: string,
  transactionId: number,
  context: { farm: PaymentEmailInput['farm']; today: string; actor: BankActor },
): Promise<ReminderOutcome> {
  const farm = tenantDb(tx, appId);
  const [row] = await farm
    .select({
      id: bankTransactions.id,
      status: bankTransactions.status,
      ...payerColumns,
      sentBefore: sql<number>`(select count(*)::int from ${bankReminders} r where r.app_id = ${bankTransactions.appId} and r.transaction_id = ${bankTransactions.id})`,
    })
    .from(bankTransactions)
    .leftJoin(users, and(eq(users.appId, bankTransactions.appId), eq(users.id, bankTransactions.userId)))
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, transactionId)));
  if (!row) return { sent: false, why: 'not-found' };
  if (row.status !== 'open') return { sent: false, why: 'not-open' };
  const email = row.email?.trim();
  if (row.userId === null || !email) return { sent: false, why: 'no-email' };
  const number = Number(row.sentBefore) + 1;
  const claimed = await farm
    .insert(bankReminders)
    .values({ appId, transactionId, number })
    .onConflictDoNothing()
    .returning({ id: bankReminders.id });
  if (claimed.length === 0) return { sent: false, why: 'already-sent' };
  const mail = renderPaymentEmail({
    kind: 'reminder',
    farm: context.farm,
    member: { firstName: row.firstName ?? '' },
    transaction: row,
    today: context.today,
  });
  await enqueue(tx, [
    mailJob(
      {
        appId,
        userId: row.userId,
        to: email,
        template: 'paymentReminder',
        composed: { subject: mail.subject, text: mail.text, html: mail.html },
      },
      reminderJobKey(appId, transactionId, number),
      { paymentDelivery: { transactionId } },
    ),
  ]);
  await recordTransactionEvent(tx, appId, {
    transactionId,
    kind: 'reminder-sent',
    actor: context.actor,
    detail: `herinnering ${number} naar ${email}${context.actor ? '' : ' (volgens de planning)'}`,
  });
  return { sent: true, number, to: email };
}
