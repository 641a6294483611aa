import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  emailTemplateNames,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateName,
  type EmailTemplates,
  type EmailTestSent,
  type emailTemplateInputSchema,
  type emailTemplatePreviewInputSchema,
  type SmtpSource,
} from '@pluk/contract';
import type { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { settingsWithPrefix } from '../../lib/app-settings.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { publicUrlOf } from '../../lib/public-url.js';
import { mailJob } from '../../mail/mail-job.js';
import {
  defaultTemplates,
  placeholdersOf,
  render,
  renderHtml,
  resetLinkStandsAlone,
  templateSettingKey,
} from '../../mail/templates.js';
import type { AuthUser, RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { writeSettings } from './settings-store.js';

type TemplateInput = z.output<typeof emailTemplateInputSchema>;
type PreviewInput = z.output<typeof emailTemplatePreviewInputSchema>;

/** Where the farm's e-mails go out: its own SMTP, the server's, or nowhere (recorded, not sent). */
export async function smtpSourceOf(app: FastifyInstance, appId: string): Promise<SmtpSource> {
  const own = (await settingsWithPrefix(app.db, appId, 'smtp.host')).get('smtp.host')?.trim();
  if (own) return 'farm';
  return app.config.smtp ? 'server' : 'none';
}

function templateOf(name: EmailTemplateName, overrides: Map<string, string>): EmailTemplate {
  const fallback = defaultTemplates[name];
  const subject = overrides.get(templateSettingKey(name, 'subject'));
  const body = overrides.get(templateSettingKey(name, 'body'));
  return {
    name,
    subject: subject ?? fallback.subject,
    body: body ?? fallback.body,
    defaultSubject: fallback.subject,
    defaultBody: fallback.body,
    isCustom: subject !== undefined || body !== undefined,
    placeholders: placeholdersOf(name),
  };
}

export async function listTemplates(app: FastifyInstance, appId: string): Promise<EmailTemplates> {
  const overrides = await settingsWithPrefix(app.db, appId, 'email.template.');
  return {
    templates: emailTemplateNames.map((name) => templateOf(name, overrides)),
    smtpSource: await smtpSourceOf(app, appId),
  };
}

/** A `{placeholder}` the e-mail does not fill would reach members as is: refused, naming what it fills. */
function checkPlaceholders(input: TemplateInput) {
  const known = new Set(placeholdersOf(input.name));
  const fields: Record<string, string> = {};
  for (const part of ['subject', 'body'] as const) {
    const unknown = [...input[part].matchAll(/\{([A-Za-z0-9_]+)\}/g)]
      .map((m) => m[1]!)
      .filter((name) => !known.has(name));
    if (unknown.length > 0) {
      fields[part] =
        `Onbekende plaatshouder {${unknown[0]}}. Deze e-mail kent: ${[...known].map((p) => `{${p}}`).join(', ')}.`;
    }
  }
  // The password link stands alone on its line (ADR 086): see `resetLinkStandsAlone`.
  if (!resetLinkStandsAlone('subject', input.subject)) {
    fields.subject = 'De link om een wachtwoord te kiezen ({resetLink}) hoort niet in het onderwerp.';
  }
  if (!resetLinkStandsAlone('body', input.body)) {
    fields.body = 'Zet de link om een wachtwoord te kiezen ({resetLink}) alleen op een eigen regel.';
  }
  if (Object.keys(fields).length > 0) {
    throw new HttpError(400, 'VALIDATION_ERROR', Object.values(fields)[0], fields);
  }
}

/** Saves a template; a part equal to the default removes the farm's own text for it. */
export async function saveTemplate(
  app: FastifyInstance,
  appId: string,
  auth: RequestAuth,
  input: TemplateInput,
): Promise<EmailTemplate> {
  checkPlaceholders(input);
  const fallback = defaultTemplates[input.name];
  await inTransaction(app.db, async (tx) => {
    await writeSettings(tx, appId, {
      [templateSettingKey(input.name, 'subject')]: input.subject === fallback.subject ? null : input.subject,
      [templateSettingKey(input.name, 'body')]: input.body === fallback.body ? null : input.body,
    });
    await audit(tx, appId, auth, 'email.template.update', { template: input.name });
  });
  return templateOf(input.name, await settingsWithPrefix(app.db, appId, 'email.template.'));
}

async function memberOf(app: FastifyInstance, appId: string, userId: number) {
  const [member] = await tenantDb(app.db, appId)
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!member) throw notFound();
  return member;
}

const sampleMessage = 'Dit is een voorbeeld van een bericht aan de leden.';

/** Every placeholder filled in: the member's own data, and examples for what only a real e-mail knows. */
async function sampleValues(
  app: FastifyInstance,
  tenant: Tenant,
  member: { firstName: string; username: string },
): Promise<Record<string, string>> {
  const base = await publicUrlOf(app, tenant.appId);
  const nextYear = new Date().getUTCFullYear() + 1;
  return {
    appName: tenant.name,
    firstName: member.firstName,
    username: member.username,
    loginUrl: `${base}/login`,
    resetLink: `${base}/auth/passwordReset/voorbeeld`,
    newEmail: 'nieuw.adres@voorbeeld.be',
    maskedEmail: 'n***@voorbeeld.be',
    confirmLink: `${base}/confirm-email?token=voorbeeld`,
    title: 'Voorbeeld: nieuws van het veld',
    postText: 'Dit is de tekst van een bericht.\nMet een tweede regel.',
    postUrl: `${base}/posts`,
    plukText: '- Tomaten: 1 kg per aandeel\n- Sla: 2 stuks per aandeel',
    plukUrl: `${base}/pluk`,
    harvestYear: String(nextYear),
    questionsUrl: `${base}/questions`,
    deadline: `31/01/${nextYear}`,
    subject: 'Voorbeeld van een onderwerp',
    message: sampleMessage,
  };
}

async function filledIn(app: FastifyInstance, tenant: Tenant, user: AuthUser, input: PreviewInput) {
  checkPlaceholders(input);
  const member = await memberOf(app, tenant.appId, input.userId ?? user.id);
  const values = await sampleValues(app, tenant, member);
  return {
    values,
    subject: render(input.subject, values),
    body: render(input.body, values, { multiline: true }),
  };
}

export async function previewTemplate(
  app: FastifyInstance,
  tenant: Tenant,
  user: AuthUser,
  input: PreviewInput,
): Promise<EmailPreview> {
  const { subject, body } = await filledIn(app, tenant, user, input);
  return { subject, body };
}

/** Queues the editor's text, filled in, to the manager's own address (a job like every e-mail). */
export async function testTemplate(
  app: FastifyInstance,
  tenant: Tenant,
  user: AuthUser,
  input: PreviewInput,
): Promise<EmailTestSent> {
  const { values, subject, body } = await filledIn(app, tenant, user, input);
  const me = await memberOf(app, tenant.appId, user.id);
  const html = renderHtml(input.body, values, { message: `<p>${sampleMessage}</p>` });
  await enqueue(app.db, [
    mailJob(
      {
        appId: tenant.appId,
        userId: user.id,
        to: me.email,
        template: 'templateTest',
        composed: { subject, text: body, html },
      },
      `email-test:${user.id}:${randomUUID()}`,
    ),
  ]);
  app.jobs.wake();
  return { to: me.email, smtpSource: await smtpSourceOf(app, tenant.appId) };
}
