import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  mailingAudienceSchema,
  type Mailing,
  type MailingSent,
  type MailingDetail,
  type MailingPage,
  type mailingInputSchema,
  type mailingsQuerySchema,
  type PlukMailRecipient,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { emailLog, jobs, mailings, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import { richTextToPlainText, sanitizeRichText } from '../../lib/rich-text.js';
import { mailJob } from '../../mail/mail-job.js';
import type { AuthUser, Tenant } from '../../types.js';
import { audienceOf, recipientsOf } from './audience.js';
import { smtpSourceOf } from './templates.js';

type MailingInput = z.output<typeof mailingInputSchema>;
type MailingsQuery = z.output<typeof mailingsQuerySchema>;
type MailingRow = typeof mailings.$inferSelect;

/** The jobs of one mailing share this group key; each is keyed `mailing:<id>:<userId>`. */
const groupKeyOf = (id: number) => `mailing:${id}`;

/** What the mailing row keeps besides who it is for: its label, the form's key and what was sent. */
interface StoredAudience {
  label: string;
  requestKey: string;
  requestHash: string;
}

const hashOf = (input: MailingInput, body: string) =>
  createHash('sha256')
    .update(JSON.stringify([input.subject, body, input.audience]))
    .digest('hex');

/**
 * Sends a mailing: the mailing row and one mail job per recipient (keyed `mailing:<id>:<userId>`) in one
 * transaction, so a crash loses nothing and the worker sends each e-mail once. The form's idempotency key
 * makes a double submit the same mailing: a transaction-scoped advisory lock on the key serializes two
 * submits of one form, and the second finds the first's row (decision 082).
 */
export async function sendMailing(
  app: FastifyInstance,
  tenant: Tenant,
  user: AuthUser,
  input: MailingInput,
): Promise<MailingSent> {
  const appId = tenant.appId;
  const body = sanitizeRichText(input.body);
  if (richTextToPlainText(body).trim() === '') {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Schrijf een bericht.', { body: 'Schrijf een bericht.' });
  }
  const requestHash = hashOf(input, body);
  const id = await inTransaction(app.db, async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`mailing:${appId}:${input.idempotencyKey}`}))`,
    );
    const farm = tenantDb(tx, appId);
    const [known] = await farm
      .select({ id: mailings.id, audience: mailings.audience })
      .from(mailings)
      .where(
        and(
          eq(mailings.appId, appId),
          gt(mailings.createdAt, sql`now() - interval '2 days'`),
          sql`${mailings.audience}->>'requestKey' = ${input.idempotencyKey}`,
        ),
      )
      .limit(1);
    if (known) {
      if ((known.audience as unknown as StoredAudience).requestHash !== requestHash) {
        throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED');
      }
      return known.id;
    }
    const { where, label } = await audienceOf(tx, appId, input.audience);
    const recipients = await recipientsOf(tx, appId, where);
    if (recipients.length === 0) {
      const message = 'Niemand van deze groep ontvangt e-mails. Kies andere ontvangers.';
      throw new HttpError(400, 'VALIDATION_ERROR', message, { audience: message });
    }
    const stored: StoredAudience = { label, requestKey: input.idempotencyKey, requestHash };
    const [mailing] = await farm
      .insert(mailings)
      .values({
        appId,
        subject: input.subject,
        body,
        audience: { ...input.audience, ...stored },
        recipientCount: recipients.length,
        createdByUserId: user.id,
      })
      .returning({ id: mailings.id });
    if (!mailing) throw new Error('mailing insert returned nothing');
    await enqueue(
      tx,
      recipients.map((recipient) =>
        mailJob(
          {
            appId,
            userId: recipient.id,
            to: recipient.email,
            template: 'communication',
            // The subject and message are read from the mailing when the e-mail is sent.
            values: { appName: tenant.name, firstName: recipient.firstName },
            mailingId: mailing.id,
          },
          `${groupKeyOf(mailing.id)}:${recipient.id}`,
          { groupKey: groupKeyOf(mailing.id) },
        ),
      ),
    );
    return mailing.id;
  });
  app.jobs.wake();
  const [row] = await rowsWithCreator(app.db, appId, [id]);
  if (!row) throw notFound();
  // Whether the e-mails can leave at all: the screen says "queued" or "not sent: no mail server" (094).
  return { ...(await present(app.db, appId, [row]))[0]!, smtpSource: await smtpSourceOf(app, appId) };
}

async function rowsWithCreator(db: Database, appId: string, ids: number[]) {
  return tenantDb(db, appId)
    .select({
      mailing: mailings,
      createdBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(mailings)
    .leftJoin(users, and(eq(users.appId, mailings.appId), eq(users.id, mailings.createdByUserId)))
    .where(and(eq(mailings.appId, appId), inArray(mailings.id, ids)));
}

/** Progress from the e-mail log (kept for good, unlike finished jobs): what is not logged yet waits. */
async function present(
  db: Database,
  appId: string,
  rows: { mailing: MailingRow; createdBy: string | null }[],
): Promise<Mailing[]> {
  const ids = rows.map((r) => r.mailing.id);
  const counts =
    ids.length === 0
      ? []
      : await tenantDb(db, appId)
          .select({ mailingId: emailLog.mailingId, status: emailLog.status, count: count() })
          .from(emailLog)
          .where(and(eq(emailLog.appId, appId), inArray(emailLog.mailingId, ids)))
          .groupBy(emailLog.mailingId, emailLog.status);
  return rows.map(({ mailing, createdBy }) => {
    const of = (status: string) =>
      Number(counts.find((c) => c.mailingId === mailing.id && c.status === status)?.count ?? 0);
    const sent = of('sent');
    const notSent = of('not_sent');
    const failed = of('failed');
    const stored = mailing.audience as unknown as StoredAudience;
    return {
      id: mailing.id,
      subject: mailing.subject,
      audience: mailingAudienceSchema.parse(mailing.audience),
      audienceLabel: stored.label ?? '',
      createdAt: mailing.createdAt.toISOString(),
      createdBy: createdBy?.trim() || null,
      startedAt: mailing.createdAt.toISOString(),
      recipients: mailing.recipientCount,
      sent,
      notSent,
      failed,
      waiting: Math.max(0, mailing.recipientCount - sent - notSent - failed),
    };
  });
}

const mailingKeys: PageKey[] = [
  { column: mailings.createdAt, type: 'timestamptz', desc: true },
  { column: mailings.id, type: 'integer', desc: true },
];

/** The mailings, newest first, a page at a time (ADR 056). */
export async function listMailings(db: Database, appId: string, query: MailingsQuery): Promise<MailingPage> {
  const where = eq(mailings.appId, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const farm = tenantDb(db, appId);
  const rows = await farm
    .select({ id: mailings.id, cursor: cursorColumn(mailingKeys) })
    .from(mailings)
    .where(
      and(where, query.after ? afterCursor(mailingKeys, decodeCursor(mailingKeys, query.after)) : undefined),
    )
    .orderBy(desc(mailings.createdAt), desc(mailings.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (row) => row.id,
    (cap) => countUpTo(farm, mailings, where, cap),
  );
  const full = await rowsWithCreator(db, appId, page.items);
  const byId = new Map((await present(db, appId, full)).map((m) => [m.id, m]));
  return {
    ...page,
    items: page.items.map((id) => byId.get(id)!).filter(Boolean),
    page: query.page,
    pageSize: query.pageSize,
  };
}

const statusOfLog = (status: string): PlukMailRecipient['status'] =>
  status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'notSent';

/** One mailing with its message and each recipient: logged e-mails, then those still waiting. */
export async function mailingDetail(db: Database, appId: string, id: number): Promise<MailingDetail> {
  const [row] = await rowsWithCreator(db, appId, [id]);
  if (!row) throw notFound();
  const [mailing] = await present(db, appId, [row]);
  const farm = tenantDb(db, appId);
  const name = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;
  const logged = await farm
    .select({
      userId: emailLog.userId,
      to: emailLog.toAddress,
      status: emailLog.status,
      at: emailLog.createdAt,
      name,
    })
    .from(emailLog)
    .leftJoin(users, and(eq(users.appId, emailLog.appId), eq(users.id, emailLog.userId)))
    .where(and(eq(emailLog.appId, appId), eq(emailLog.mailingId, id)))
    .orderBy(asc(emailLog.id));
  const pending = await farm
    .select({ key: jobs.idempotencyKey })
    .from(jobs)
    .where(
      and(
        eq(jobs.appId, appId),
        eq(jobs.groupKey, groupKeyOf(id)),
        inArray(jobs.status, ['waiting', 'running']),
      ),
    )
    .orderBy(asc(jobs.id));
  const pendingIds = pending
    .map((job) => Number(job.key.split(':')[2]))
    .filter((value) => Number.isSafeInteger(value));
  const people =
    pendingIds.length === 0
      ? []
      : await farm
          .select({ id: users.id, name, email: users.email })
          .from(users)
          .where(and(eq(users.appId, appId), inArray(users.id, pendingIds)));
  const recipientList: PlukMailRecipient[] = [
    ...logged.map((r) => ({
      userId: r.userId,
      name: r.name?.trim() || r.to,
      email: r.to,
      status: statusOfLog(r.status),
      finishedAt: r.at.toISOString(),
    })),
    ...pendingIds.map((userId) => {
      const person = people.find((p) => p.id === userId);
      return {
        userId,
        name: person?.name?.trim() || '',
        email: person?.email ?? '',
        status: 'waiting' as const,
        finishedAt: null,
      };
    }),
  ];
  return { ...mailing!, body: row.mailing.body, recipientList };
}
