import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { bankTransactions, emailLog, mailings, postEmailDeliveries, posts } from '../db/schema/index.js';
import { richTextToPlainText } from '../lib/rich-text.js';
import { tenantDb } from '../db/tenant.js';
import type { Job, JobInput } from '../jobs/queue.js';
import type { JobHandler } from '../jobs/worker.js';
import type { Mailer, MailRequest, MailStatus, PreparedMail } from './mailer.js';

export const mailJobKind = 'mail';

/** A post e-mail also gets its delivery row (the post's "emailed" counts). */
export interface PostDelivery {
  postId: number;
  sentByUserId: number | null;
}

/** A payment e-mail is about one bank transaction: once that is paid or cancelled it is not sent. */
export interface PaymentDelivery {
  transactionId: number;
}

interface MailJobPayload {
  mail: MailRequest;
  postDelivery?: PostDelivery;
  paymentDelivery?: PaymentDelivery;
}

/**
 * One e-mail to one recipient as a job. `idempotencyKey` names the e-mail (the approval, the reset link,
 * the post round and member), so the same e-mail is never queued twice.
 */
export function mailJob(
  mail: MailRequest,
  idempotencyKey: string,
  options: { groupKey?: string; postDelivery?: PostDelivery; paymentDelivery?: PaymentDelivery } = {},
): JobInput {
  const payload: MailJobPayload = {
    mail,
    ...(options.postDelivery ? { postDelivery: options.postDelivery } : {}),
    ...(options.paymentDelivery ? { paymentDelivery: options.paymentDelivery } : {}),
  };
  return {
    appId: mail.appId,
    kind: mailJobKind,
    idempotencyKey,
    groupKey: options.groupKey,
    payload: payload as unknown as Record<string, unknown>,
    maxAttempts: 5,
  };
}

/**
 * The Message-ID of a job's e-mail, the same on every attempt: a copy sent again after a crash (the SMTP
 * server accepted it, the process died before recording that) is the same message to mail clients.
 */
export function messageIdOf(idempotencyKey: string, from: string): string {
  const hash = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'pluk.invalid';
  return `<${hash}@${domain}>`;
}

/** A post deleted while its round was under way: its remaining e-mails are not sent. */
async function postExists(db: Database | Transaction, delivery: PostDelivery, appId: string) {
  const [row] = await tenantDb(db, appId)
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.id, delivery.postId));
  return row !== undefined;
}

/**
 * Whether a confirmed payment e-mail still has something to say: its transaction is still open and still
 * someone's (not paid, cancelled or deleted, and its member not deleted, since it was confirmed).
 */
async function paymentStillOpen(db: Database, delivery: PaymentDelivery, appId: string) {
  const [row] = await tenantDb(db, appId)
    .select({ status: bankTransactions.status, userId: bankTransactions.userId })
    .from(bankTransactions)
    .where(eq(bankTransactions.id, delivery.transactionId));
  return row?.status === 'open' && row.userId !== null;
}

function recordOf(
  mailer: Mailer,
  payload: MailJobPayload,
  prepared: PreparedMail,
  status: MailStatus,
  error: string | null,
) {
  return async (tx: Transaction) => {
    const farm = tenantDb(tx, payload.mail.appId);
    await farm.insert(emailLog).values(mailer.logRow(payload.mail, prepared, status, error));
    if (payload.postDelivery && (await postExists(tx, payload.postDelivery, payload.mail.appId))) {
      await farm.insert(postEmailDeliveries).values({
        appId: payload.mail.appId,
        postId: payload.postDelivery.postId,
        userId: payload.mail.userId,
        toAddress: payload.mail.to,
        status,
        sentByUserId: payload.postDelivery.sentByUserId,
      });
    }
  };
}

/**
 * A mailing's e-mail carries only the mailing's id (not its message once per recipient in the queue):
 * the subject and rich text are read from the mailing when it is sent.
 */
async function withMailing(db: Database, payload: MailJobPayload): Promise<MailJobPayload> {
  const mail = payload.mail;
  if ('composed' in mail || mail.mailingId === undefined) return payload;
  const [mailing] = await tenantDb(db, mail.appId)
    .select({ subject: mailings.subject, body: mailings.body })
    .from(mailings)
    .where(eq(mailings.id, mail.mailingId));
  if (!mailing) return payload;
  return {
    ...payload,
    mail: {
      ...mail,
      values: { ...mail.values, subject: mailing.subject, message: richTextToPlainText(mailing.body) },
      richValues: { message: mailing.body },
    },
  };
}

const payloadOf = async (db: Database, job: Job) => withMailing(db, job.payload as unknown as MailJobPayload);

/**
 * Sends a `mail` job: without SMTP settings it is recorded as not sent (no retry helps); an SMTP failure
 * is retried with backoff and, after the last attempt, recorded as failed. The log row is written in the
 * transaction that finishes the job, so each e-mail is logged once.
 */
export function mailJobHandler(mailer: Mailer, db: Database): JobHandler {
  return {
    async run(job) {
      const payload = await payloadOf(db, job);
      if (payload.postDelivery && !(await postExists(db, payload.postDelivery, payload.mail.appId))) {
        return { outcome: 'cancelled' };
      }
      if (
        payload.paymentDelivery &&
        !(await paymentStillOpen(db, payload.paymentDelivery, payload.mail.appId))
      ) {
        return { outcome: 'cancelled' };
      }
      const prepared = await mailer.prepare(payload.mail);
      if (!prepared.smtp) {
        return {
          outcome: 'not_sent',
          record: recordOf(
            mailer,
            payload,
            prepared,
            'not_sent',
            'Geen SMTP-instellingen: e-mail niet verzonden.',
          ),
        };
      }
      await mailer.transmit(prepared.smtp, {
        to: payload.mail.to,
        subject: prepared.subject,
        text: prepared.body,
        ...(prepared.html === undefined ? {} : { html: prepared.html }),
        messageId: messageIdOf(job.idempotencyKey, prepared.smtp.from),
      });
      return { outcome: 'sent', record: recordOf(mailer, payload, prepared, 'sent', null) };
    },
    async failed(job, error) {
      const payload = await payloadOf(db, job);
      const prepared = await mailer.prepare(payload.mail);
      return recordOf(mailer, payload, prepared, 'failed', error);
    },
  };
}
