import { and, eq } from 'drizzle-orm';
import { formatEuros, formatStructuredReference } from '@pluk/contract';
import type { Transaction } from '../../../db/client.js';
import { apps, users } from '../../../db/schema/index.js';
import { tenantDb } from '../../../db/tenant.js';
import { enqueue } from '../../../jobs/queue.js';
import { mailJob } from '../../../mail/mail-job.js';
import { formatDay, paymentPageUrl } from '../../../mail/payment-templates.js';
import { insertNotifications } from '../../notification/notify.js';
import type { BankTransactionRow } from '../status-change.js';
import { farmToday } from '../transactions/dates.js';
import { paymentLink } from './links.js';

/** The receipt's e-mail job: one per transaction, whatever calls Mollie makes (decision 090). */
export const receiptJobKey = (appId: string, transactionId: number) =>
  `payment-receipt:${appId}:${transactionId}`;

/**
 * The receipt of an online payment: an e-mail (the farm's `paymentReceipt` template) and a notification
 * with its push jobs, queued in the database transaction that closed the bank transaction. Only the call
 * whose `closeTransaction` changed the row gets here (the row lock orders webhooks, replays and the return
 * page, ADR 078), so it is queued once; the job's key keeps the e-mail single even so. A receipt is about
 * the member's own money: it goes whatever their choice about the farm's news e-mails. A transaction
 * without a member (deleted since) gets none.
 */
export async function queuePaymentReceipt(
  tx: Transaction,
  appId: string,
  paid: BankTransactionRow,
  publicUrl: string,
): Promise<void> {
  if (paid.userId === null) return;
  const farm = tenantDb(tx, appId);
  const [member] = await farm
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, paid.userId)));
  if (!member) return;
  const [app] = await tx.select({ name: apps.name }).from(apps).where(eq(apps.appId, appId));
  const amount = formatEuros(paid.amountCents);
  const email = member.email.trim();
  if (email !== '') {
    await enqueue(tx, [
      mailJob(
        {
          appId,
          userId: paid.userId,
          to: email,
          template: 'paymentReceipt',
          values: {
            appName: app?.name ?? '',
            firstName: member.firstName,
            description: paid.description,
            amount,
            paidOn: formatDay(farmToday(paid.paidAt ?? new Date())),
            reference: formatStructuredReference(paid.structuredReference),
            paymentUrl: paymentPageUrl(publicUrl, paid.publicId),
          },
        },
        receiptJobKey(appId, paid.id),
      ),
    ]);
  }
  await insertNotifications(tx, appId, [
    {
      userId: paid.userId,
      title: 'Betaling ontvangen',
      body: `${paid.description}: ${amount}, online betaald. Bedankt!`,
      link: paymentLink(paid.publicId),
    },
  ]);
}
