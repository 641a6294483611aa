import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { SmtpSettings, SmtpTestResult, smtpSettingsInputSchema } from '@pluk/contract';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction.js';
import { settingsWithPrefix } from '../../lib/app-settings.js';
import { smtpFor, storedSmtp } from '../../mail/smtp-settings.js';
import type { RequestAuth } from '../../types.js';
import { audit } from '../audit.js';
import { writeSettings } from './settings-store.js';
import { smtpSourceOf } from './templates.js';

type SmtpInput = z.output<typeof smtpSettingsInputSchema>;

const smtpKeys = ['host', 'port', 'secure', 'user', 'password', 'from'] as const;
const keyOf = (name: (typeof smtpKeys)[number]) => `smtp.${name}`;

/** The farm's own SMTP settings as an Admin sees them: everything but the password. */
export async function smtpSettings(app: FastifyInstance, appId: string): Promise<SmtpSettings> {
  const { password, ...stored } = storedSmtp(await settingsWithPrefix(app.db, appId, 'smtp.'));
  return {
    ...stored,
    hasPassword: password !== '',
    source: await smtpSourceOf(app, appId),
  };
}

/**
 * Saves the farm's SMTP server. No password keeps the stored one (it is never sent back to be sent
 * again); `clearPassword` forgets it; an empty server removes the farm's own settings altogether.
 */
export async function saveSmtpSettings(
  app: FastifyInstance,
  appId: string,
  auth: RequestAuth,
  input: SmtpInput,
): Promise<SmtpSettings> {
  await inTransaction(app.db, async (tx) => {
    if (!input.host) {
      await writeSettings(tx, appId, Object.fromEntries(smtpKeys.map((k) => [keyOf(k), null])));
    } else {
      await writeSettings(tx, appId, {
        [keyOf('host')]: input.host,
        [keyOf('port')]: String(input.port),
        [keyOf('secure')]: String(input.secure),
        [keyOf('user')]: input.user || null,
        [keyOf('from')]: input.from || null,
        ...(input.clearPassword
          ? { [keyOf('password')]: null }
          : input.password
            ? { [keyOf('password')]: input.password }
            : {}),
      });
    }
    // Never the password, not even in the audit log: only whether it changed.
    await audit(tx, appId, auth, 'smtp.update', {
      host: input.host,
      passwordChanged: input.clearPassword || Boolean(input.password),
    });
  });
  return smtpSettings(app, appId);
}

/** How long "test connection" waits for the SMTP server before it says it does not answer. */
export const smtpTestTimeoutMs = 8_000;

class SmtpTestTimeout extends Error {}

/** The Dutch words for what nodemailer's `verify()` ran into; never its own message (it may echo input). */
function messageOf(error: unknown): string {
  if (error instanceof SmtpTestTimeout) return 'De SMTP-server antwoordt niet op tijd.';
  const code = (error as { code?: string } | null)?.code ?? '';
  if (code === 'EAUTH') return 'De SMTP-server weigert de gebruikersnaam of het wachtwoord.';
  if (code === 'ETLS' || /SSL|TLS|certificate/i.test(String((error as Error)?.message ?? ''))) {
    return 'De beveiligde verbinding (TLS) met de SMTP-server mislukt. Kijk de poort en "beveiligd" na.';
  }
  if (code === 'ETIMEDOUT') return 'De SMTP-server antwoordt niet op tijd.';
  if (code === 'EDNS') return 'Deze SMTP-server bestaat niet. Kijk de servernaam na.';
  if (code === 'ECONNECTION' || code === 'ESOCKET') {
    return 'Er kan geen verbinding gemaakt worden met de SMTP-server. Kijk de servernaam en de poort na.';
  }
  return 'De verbinding met de SMTP-server mislukt.';
}

/**
 * "Test connection": nodemailer's `verify()` (connect, greeting, TLS, login) against the SMTP server the
 * farm's e-mails use now, bounded by `smtpTestTimeoutMs`. Always an answer in Dutch, never a 5xx.
 */
export async function testSmtp(
  app: FastifyInstance,
  appId: string,
  timeoutMs = smtpTestTimeoutMs,
): Promise<SmtpTestResult> {
  const smtp = await smtpFor(app.db, appId, app.config.smtp, app.config.defaultFrom);
  if (!smtp) {
    return {
      ok: false,
      message: 'Er zijn geen SMTP-instellingen: e-mails worden bewaard maar niet verzonden.',
    };
  }
  const wait = Math.max(500, timeoutMs - 500);
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: wait,
    greetingTimeout: wait,
    socketTimeout: wait,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transport.verify(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new SmtpTestTimeout()), timeoutMs);
      }),
    ]);
    return { ok: true, message: `De SMTP-server ${smtp.host} antwoordt en aanvaardt de aanmelding.` };
  } catch (error) {
    app.log.info({ appId, code: (error as { code?: string } | null)?.code }, 'SMTP test failed');
    return { ok: false, message: messageOf(error) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
