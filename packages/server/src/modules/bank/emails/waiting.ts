import { and, asc, eq } from 'drizzle-orm';
import type { PaymentEmailKind, PendingPaymentEmail } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, paymentEmails } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-error.js';

/**
 * The e-mails of a kind waiting for review, oldest first (the id follows creation), with their plain
 * text, on the index `payment_emails_app_kind_status`. Not paged (the contract answers a list): at most
 * one waiting mail per open transaction, so a few hundred at a farm's size.
 */
export async function waitingPaymentEmails(
  db: Database,
  appId: string,
  kind: PaymentEmailKind,
): Promise<PendingPaymentEmail[]> {
  const rows = await tenantDb(db, appId)
    .select({
      id: paymentEmails.id,
      userId: paymentEmails.userId,
      transactionId: paymentEmails.transactionId,
      toName: paymentEmails.toName,
      toEmail: paymentEmails.toEmail,
      subject: paymentEmails.subject,
      text: paymentEmails.textBody,
      amountCents: bankTransactions.amountCents,
      createdAt: paymentEmails.createdAt,
    })
    .from(paymentEmails)
    .innerJoin(bankTransactions, eq(bankTransactions.id, paymentEmails.transactionId))
    .where(and(eq(paymentEmails.kind, kind), eq(paymentEmails.status, 'waiting')))
    .orderBy(asc(paymentEmails.id));
  return rows.map((row) => ({ ...row, kind, createdAt: row.createdAt.toISOString() }));
}

/** Drops a waiting e-mail unsent; 404 when it is not waiting (sent, dropped, or not of this farm). */
export async function discardPaymentEmail(db: Database, appId: string, id: number): Promise<void> {
  const dropped = await tenantDb(db, appId)
    .update(paymentEmails)
    .set({ status: 'discarded' })
    .where(and(eq(paymentEmails.id, id), eq(paymentEmails.status, 'waiting')))
    .returning({ id: paymentEmails.id });
  if (dropped.length === 0) throw notFound();
}
