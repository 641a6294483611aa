import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { putSetting } from '../../src/lib/app-settings.js';
import type { TestContext } from './test-app.js';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Message-ID header (the same on every attempt of one e-mail job). */
  messageId: string;
  /** The message as it came over the wire (headers and body), to check for injected header lines. */
  raw: string;
}

/** Reads a raw message as a mail client would (mailparser decodes headers, charsets and encodings). */
async function parse(raw: Buffer, envelope: { from: string; to: string[] }): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    messageId: mail.messageId ?? '',
    raw: raw.toString('utf8'),
  };
}

/**
 * A real SMTP server on a free loopback port, collecting what it receives. `delayMs` holds each answer to
 * a message that long after recording it (a slow server; a crash test uses the gap).
 */
export async function startSmtpServer(options: { delayMs?: number } = {}): Promise<{
  port: number;
  messages: ReceivedMail[];
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        parse(Buffer.concat(chunks), envelope).then(
          (mail) => {
            messages.push(mail);
            if (options.delayMs) setTimeout(() => callback(), options.delayMs);
            else callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    async waitFor(predicate, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > until) throw new Error(`No matching e-mail within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpServer>>;

/** Starts an SMTP stand-in and points the test app's own SMTP settings at it. */
export async function withSmtpStandIn(ctx: TestContext): Promise<SmtpStandIn> {
  const smtp = await startSmtpServer();
  await putSetting(ctx.db, ctx.appId, 'smtp.host', '127.0.0.1');
  await putSetting(ctx.db, ctx.appId, 'smtp.port', String(smtp.port));
  return smtp;
}
