import type { FastifyInstance } from 'fastify';
import { settingValue } from './app-settings.js';

/** The web address links in e-mails and push messages point to: the app's `publicUrl` setting, else PUBLIC_URL. */
export async function publicUrlOf(app: FastifyInstance, appId: string): Promise<string> {
  const own = (await settingValue(app.db, appId, 'publicUrl'))?.trim();
  return (own || app.config.publicUrl).replace(/\/+$/, '');
}
