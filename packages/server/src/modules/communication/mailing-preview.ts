import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type {
  EmailTestSent,
  MailingPreview,
  mailingPreviewInputSchema,
  mailingTestInputSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { richTextToPlainText, sanitizeRichText } from '../../lib/rich-text.js';
import { mailJob } from '../../mail/mail-job.js';
import { mailableMembers } from '../../mail/recipients.js';
import type { AuthUser, Tenant } from '../../types.js';
import { audienceOf } from './audience.js';
import { smtpSourceOf } from './templates.js';

type PreviewInput = z.output<typeof mailingPreviewInputSchema>;
type TestInput = z.output<typeof mailingTestInputSchema>;

/**
 * The values a mailing's e-mail is filled in with, the same the mail job uses when it is sent
 * (`mailings.ts`, `mail-job.ts#withMailing`), so a preview and a test show what the member gets.
 */
function mailingMail(tenant: Tenant, firstName: string, subject: string, body: string) {
  return {
    template: 'communication' as const,
    values: { appName: tenant.name, firstName, subject, message: richTextToPlainText(body) },
    richValues: { message: body },
  };
}

/**
 * The compose form's message filled in for a real member of the audience (decision 094): the first who
 * receives e-mails by name, or the chosen `userId` when that member is in the audience. Rendered by the
 * mailer itself with the farm's own template, so the preview is what goes out.
 */
export async function previewMailing(
  app: FastifyInstance,
  tenant: Tenant,
  input: PreviewInput,
): Promise<MailingPreview> {
  const appId = tenant.appId;
  const { where } = await audienceOf(app.db, appId, input.audience);
  const [member] = await tenantDb(app.db, appId)
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        mailableMembers(appId, { receiveEmails: true }),
        where,
        input.userId === undefined ? undefined : eq(users.id, input.userId),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(1);
  if (!member) {
    if (input.userId !== undefined) throw notFound();
    const message = 'Niemand van deze groep ontvangt e-mails. Kies andere ontvangers.';
    throw new HttpError(400, 'VALIDATION_ERROR', message, { audience: message });
  }
  const body = sanitizeRichText(input.body);
  const prepared = await app.mailer.prepare({
    appId,
    userId: member.id,
    to: member.email,
    ...mailingMail(tenant, member.firstName, input.subject, body),
  });
  return {
    member: { id: member.id, name: `${member.firstName} ${member.lastName}`.trim() },
    subject: prepared.subject,
    text: prepared.body,
    html: prepared.html ?? '',
  };
}

/**
 * 'Stuur een test naar mij': the message, filled in with the manager's own first name, as one mail job to
 * the manager's own address. Answers where it went and whether e-mails leave the farm at all, so the
 * screen says what really happened.
 */
export async function testMailing(
  app: FastifyInstance,
  tenant: Tenant,
  user: AuthUser,
  input: TestInput,
): Promise<EmailTestSent> {
  const body = sanitizeRichText(input.body);
  if (richTextToPlainText(body).trim() === '') {
    throw new HttpError(400, 'VALIDATION_ERROR', 'Schrijf een bericht.', { body: 'Schrijf een bericht.' });
  }
  const [me] = await tenantDb(app.db, tenant.appId)
    .select({ firstName: users.firstName, email: users.email })
    .from(users)
    .where(and(eq(users.appId, tenant.appId), eq(users.id, user.id)));
  if (!me) throw notFound();
  await enqueue(app.db, [
    mailJob(
      {
        appId: tenant.appId,
        userId: user.id,
        to: me.email,
        ...mailingMail(tenant, me.firstName, input.subject, body),
      },
      `mailing-test:${user.id}:${randomUUID()}`,
    ),
  ]);
  app.jobs.wake();
  return { to: me.email, smtpSource: await smtpSourceOf(app, tenant.appId) };
}
