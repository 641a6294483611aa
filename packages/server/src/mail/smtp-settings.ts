import type { SmtpConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { settingsWithPrefix } from '../lib/app-settings.js';

/** A farm's `smtp.*` settings as stored, read leniently (a bad port is 587). Empty texts are ''. */
export function storedSmtp(s: Map<string, string>) {
  const port = Number(s.get('smtp.port') ?? '587');
  return {
    host: s.get('smtp.host')?.trim() ?? '',
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
    secure: ['true', '1', 'yes'].includes((s.get('smtp.secure') ?? '').toLowerCase()),
    user: s.get('smtp.user') ?? '',
    password: s.get('smtp.password') ?? '',
    from: s.get('smtp.from') ?? '',
  };
}

/**
 * The SMTP server of an app: its own non-public `smtp.*` settings when `smtp.host` is set, else the
 * server-wide SMTP_* settings, else none (e-mails are then recorded as not sent).
 */
export async function smtpFor(
  db: Database,
  appId: string,
  fallback: SmtpConfig | undefined,
  defaultFrom: string,
): Promise<SmtpConfig | undefined> {
  const stored = storedSmtp(await settingsWithPrefix(db, appId, 'smtp.'));
  if (!stored.host) return fallback;
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    user: stored.user || undefined,
    password: stored.password || undefined,
    from: stored.from || defaultFrom,
  };
}
