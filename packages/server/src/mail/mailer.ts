import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config, SmtpConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { settingsWithPrefix } from '../lib/app-settings.js';
import { smtpFor } from './smtp-settings.js';
import {
  defaultTemplates,
  render,
  renderHtml,
  resetLinkStandsAlone,
  templateSettingKey,
  type TemplateName,
} from './templates.js';

interface MailRecipient {
  appId: string;
  userId: number | null;
  to: string;
}

/** An e-mail filled in from one of the app's templates when it is sent. */
export interface TemplateMailRequest extends MailRecipient {
  template: TemplateName;
  values: Record<string, string>;
  /** Values to write in the e-mail log instead (a reset link must not be readable from the log). */
  loggedValues?: Record<string, string>;
  /**
   * Sanitized HTML for some placeholders (a mailing's rich text): the e-mail then gets an HTML part in
   * which these go in as HTML, while the text part uses `values`.
   */
  richValues?: Record<string, string>;
  /** The manager's mailing this e-mail belongs to (its `email_log` row points back to it). */
  mailingId?: number;
}

/** The e-mails written out in full beforehand: reviewed payment e-mails, a template's test e-mail. */
export type ComposedMailName = 'paymentNeeded' | 'paymentReminder' | 'templateTest';

/**
 * An e-mail sent exactly as it was written and reviewed (no template applied when sending): what the
 * manager saw is what the member gets. `subject` and `text` are plain text, `html` its HTML twin.
 */
export interface ComposedMailRequest extends MailRecipient {
  template: ComposedMailName;
  composed: { subject: string; text: string; html: string };
}

export type MailRequest = TemplateMailRequest | ComposedMailRequest;

export type MailStatus = 'sent' | 'not_sent' | 'failed';

/** An e-mail filled in and ready to go: what is sent, what the log keeps, and through which server. */
export interface PreparedMail {
  subject: string;
  body: string;
  /** The HTML alternative of `body`, for composed e-mails. */
  html?: string;
  loggedBody: string;
  smtp: SmtpConfig | undefined;
}

/**
 * Fills in and sends e-mails for the `mail` jobs (mail/mail-job.ts); nothing sends an e-mail outside a
 * job, so a slow or broken SMTP server never delays or fails the request that caused the e-mail, and a
 * crash loses none (ADR 048).
 */
export class Mailer {
  private readonly transports = new Map<string, Transporter>();

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'smtp' | 'defaultFrom'>,
    private readonly log: FastifyBaseLogger,
    /** Counts an e-mail recorded as failed (the metrics' `pluk_emails_failed_total`, ADR 095). */
    private readonly onFailed: () => void = () => {},
  ) {}

  /** The e-mail in the farm's template (its own settings, else the default) and its SMTP server. */
  async prepare(mail: MailRequest): Promise<PreparedMail> {
    const smtp = await smtpFor(this.db, mail.appId, this.config.smtp, this.config.defaultFrom);
    if ('composed' in mail) {
      const { subject, text, html } = mail.composed;
      // One line, whatever was stored: a line break in a subject would start a header of its own.
      return { subject: render('{subject}', { subject }), body: text, html, loggedBody: text, smtp };
    }
    const overrides = await settingsWithPrefix(this.db, mail.appId, `email.template.${mail.template}.`);
    const template = defaultTemplates[mail.template];
    const stored = (part: 'subject' | 'body') => {
      const text = overrides.get(templateSettingKey(mail.template, part));
      // A text saved before the link had to stand alone is not used (ADR 086).
      return text !== undefined && resetLinkStandsAlone(part, text) ? text : undefined;
    };
    const subjectText = stored('subject') ?? template.subject;
    const bodyText = stored('body') ?? template.body;
    const subject = render(subjectText, mail.values);
    const body = render(bodyText, mail.values, { multiline: true });
    const loggedBody = mail.loggedValues
      ? render(bodyText, { ...mail.values, ...mail.loggedValues }, { multiline: true })
      : body;
    const html = mail.richValues ? renderHtml(bodyText, mail.values, mail.richValues) : undefined;
    return { subject, body, ...(html === undefined ? {} : { html }), loggedBody, smtp };
  }

  /**
   * Hands the e-mail to the SMTP server; rejects when it is not accepted. `messageId` is fixed per job, so
   * a copy sent again after a crash carries the same Message-ID and mail clients show it once.
   */
  async transmit(
    smtp: SmtpConfig,
    mail: { to: string; subject: string; text: string; html?: string; messageId: string },
  ): Promise<void> {
    await this.transport(smtp).sendMail({ from: smtp.from, ...mail });
  }

  /** The email_log row of an e-mail (written in the transaction that finishes its job). */
  logRow(mail: MailRequest, prepared: PreparedMail, status: MailStatus, error: string | null) {
    if (status === 'failed') {
      this.onFailed();
      this.log.warn({ appId: mail.appId, template: mail.template, error }, 'e-mail sending failed');
    }
    return {
      appId: mail.appId,
      userId: mail.userId,
      toAddress: mail.to,
      subject: prepared.subject,
      body: prepared.loggedBody,
      template: mail.template,
      status,
      error,
      mailingId: 'mailingId' in mail ? (mail.mailingId ?? null) : null,
    };
  }

  close(): void {
    for (const transport of this.transports.values()) transport.close();
    this.transports.clear();
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
