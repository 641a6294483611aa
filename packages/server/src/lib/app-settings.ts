import { and, eq, like } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { settings } from '../db/schema/index.js';

/** All settings of an app whose key starts with `prefix`, as a key → value map. */
export async function settingsWithPrefix(
  db: Database,
  appId: string,
  prefix: string,
): Promise<Map<string, string>> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await tenantDb(db, appId)
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.appId, appId), like(settings.key, `${escaped}%`)));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function settingValue(db: Database, appId: string, key: string): Promise<string | undefined> {
  const [row] = await tenantDb(db, appId)
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.appId, appId), eq(settings.key, key)));
  return row?.value;
}

/** Inserts or replaces a setting (seed, tests, later the settings screens). */
export async function putSetting(
  db: Database | Transaction,
  appId: string,
  key: string,
  value: string,
  isPublic = false,
): Promise<void> {
  await tenantDb(db, appId)
    .insert(settings)
    .values({ appId, key, value, isPublic })
    .onConflictDoUpdate({ target: [settings.appId, settings.key], set: { value, isPublic } });
}
