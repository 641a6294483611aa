import type { SmtpConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { settingsWithPrefix } from '../lib/app-settings.js';

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
  const s = await settingsWithPrefix(db, appId, 'smtp.');
  const host = s.get('smtp.host')?.trim();
  if (!host) return fallback;
  const port = Number(s.get('smtp.port') ?? '587');
  return {
    host,
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : 587,
    secure: ['true', '1', 'yes'].includes((s.get('smtp.secure') ?? '').toLowerCase()),
    user: s.get('smtp.user') || undefined,
    password: s.get('smtp.password') || undefined,
    from: s.get('smtp.from') || defaultFrom,
  };
}
