import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config, SmtpConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { emailLog } from '../db/schema/index.js';
import { settingsWithPrefix } from '../lib/app-settings.js';
import { smtpFor } from './smtp-settings.js';
import { defaultTemplates, render, templateSettingKey, type TemplateName } from './templates.js';

export interface MailRequest {
  appId: string;
  userId: number | null;
  to: string;
  template: TemplateName;
  values: Record<string, string>;
  /** Values to write in the e-mail log instead (a reset link must not be readable from the log). */
  loggedValues?: Record<string, string>;
}

export type MailStatus = 'sent' | 'not_sent' | 'failed';

/**
 * Sends e-mails in the background and records each one in email_log (sent, not_sent or failed).
 * A slow or broken SMTP server never delays or fails the request that caused the e-mail.
 */
export class Mailer {
  private readonly pending = new Set<Promise<void>>();
  private readonly transports = new Map<string, Transporter>();

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'smtp' | 'defaultFrom'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the e-mail; returns at once. */
  send(mail: MailRequest): void {
    const job = this.deliver(mail).then(
      () => undefined,
      (err: unknown) => this.log.error({ err }, 'e-mail could not be logged'),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /**
   * Sends now and answers how it went (sent, not_sent without SMTP settings, failed), for callers that
   * record the outcome per recipient (a post e-mailed to members). Never rejects on an SMTP failure.
   */
  async sendAndReport(mail: MailRequest): Promise<MailStatus> {
    const job = this.deliver(mail);
    const tracked = job.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return job;
  }

  /** Resolves when every queued e-mail is handled (tests, graceful shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.flush();
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
  }

  private async deliver(mail: MailRequest): Promise<MailStatus> {
    const overrides = await settingsWithPrefix(this.db, mail.appId, `email.template.${mail.template}.`);
    const template = defaultTemplates[mail.template];
    const subjectText = overrides.get(templateSettingKey(mail.template, 'subject')) ?? template.subject;
    const bodyText = overrides.get(templateSettingKey(mail.template, 'body')) ?? template.body;
    const subject = render(subjectText, mail.values);
    const body = render(bodyText, mail.values, { multiline: true });
    const loggedBody = mail.loggedValues
      ? render(bodyText, { ...mail.values, ...mail.loggedValues }, { multiline: true })
      : body;
    const smtp = await smtpFor(this.db, mail.appId, this.config.smtp, this.config.defaultFrom);

    let status: MailStatus = 'not_sent';
    let error: string | null = smtp ? null : 'Geen SMTP-instellingen: e-mail niet verzonden.';
    if (smtp) {
      try {
        await this.transport(smtp).sendMail({ from: smtp.from, to: mail.to, subject, text: body });
        status = 'sent';
      } catch (err) {
        status = 'failed';
        error = err instanceof Error ? err.message : String(err);
        this.log.warn({ err, appId: mail.appId, template: mail.template }, 'e-mail sending failed');
      }
    }
    await tenantDb(this.db, mail.appId).insert(emailLog).values({
      appId: mail.appId,
      userId: mail.userId,
      toAddress: mail.to,
      subject,
      body: loggedBody,
      template: mail.template,
      status,
      error,
    });
    return status;
  }

  private transport(smtp: SmtpConfig): Transporter {
    const key = JSON.stringify(smtp);
    let transport = this.transports.get(key);
    if (!transport) {
      transport = nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
        // Bounded waits: a dead SMTP server ends as `failed`, not as a hanging job.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      this.transports.set(key, transport);
    }
    return transport;
  }
}
