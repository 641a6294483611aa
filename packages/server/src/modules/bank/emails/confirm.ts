import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentEmailKind } from '@pluk/contract';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, paymentEmails } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { enqueue } from '../../../jobs/queue.js';
import { mailJob } from '../../../mail/mail-job.js';

const templateOf = { needed: 'paymentNeeded', reminder: 'paymentReminder' } as const;

/** The job key of a payment e-mail: one job per stored e-mail, ever. */
export const paymentEmailJobKey = (id: number) => `payment-email:${id}`;

/**
 * Sends the waiting e-mails of a kind (all, or the given ids of this farm), in one database transaction:
 * the waiting rows are locked (`for update`), so a second confirm running at the same time waits and then
 * finds them queued. A mail whose transaction was paid or cancelled since it was generated is dropped
 * (`discarded`); every other one becomes `queued` with one mail job (idempotency key
 * `payment-email:<id>`), exactly as a post is mailed to members. The worker sends it as it was reviewed,
 * and still not when the transaction is no longer open by then (mail/mail-job.ts).
 */
export async function confirmPaymentEmails(
  app: FastifyInstance,
  appId: string,
  kind: PaymentEmailKind,
  ids: readonly number[] | undefined,
): Promise<{ queued: number }> {
  if (ids !== undefined && ids.length === 0) return { queued: 0 };
  const queued = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const waiting = await farm
      .select({
        id: paymentEmails.id,
        userId: paymentEmails.userId,
        transactionId: paymentEmails.transactionId,
        toEmail: paymentEmails.toEmail,
        subject: paymentEmails.subject,
        text: paymentEmails.textBody,
        html: paymentEmails.htmlBody,
        transactionStatus: bankTransactions.status,
      })
      .from(paymentEmails)
      .innerJoin(bankTransactions, eq(bankTransactions.id, paymentEmails.transactionId))
      .where(
        and(
          eq(paymentEmails.kind, kind),
          eq(paymentEmails.status, 'waiting'),
          ids === undefined ? undefined : inArray(paymentEmails.id, [...new Set(ids)]),
        ),
      )
      .orderBy(asc(paymentEmails.id))
      .for('update', { of: paymentEmails });
    const stale = waiting.filter((mail) => mail.transactionStatus !== 'open').map((mail) => mail.id);
    const ready = waiting.filter((mail) => mail.transactionStatus === 'open');
    if (stale.length > 0) {
      await farm.update(paymentEmails).set({ status: 'discarded' }).where(inArray(paymentEmails.id, stale));
    }
    if (ready.length === 0) return 0;
    await farm
      .update(paymentEmails)
      .set({ status: 'queued', confirmedAt: sql`now()` })
      .where(
        inArray(
          paymentEmails.id,
          ready.map((mail) => mail.id),
        ),
      );
    await enqueue(
      tx,
      ready.map((mail) =>
        mailJob(
          {
            appId,
            userId: mail.userId,
            to: mail.toEmail,
            template: templateOf[kind],
            composed: { subject: mail.subject, text: mail.text, html: mail.html },
          },
          paymentEmailJobKey(mail.id),
          { paymentDelivery: { transactionId: mail.transactionId } },
        ),
      ),
    );
    return ready.length;
  });
  app.jobs.wake();
  return { queued };
}
