import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';

/**
 * Writes a farm's non-public settings in the caller's transaction: a value replaces the stored one,
 * `null` removes it (the default or the server's setting applies again).
 */
export async function writeSettings(
  tx: Transaction,
  appId: string,
  values: Record<string, string | null>,
): Promise<void> {
  const farm = tenantDb(tx, appId);
  const removed = Object.keys(values).filter((key) => values[key] === null);
  if (removed.length > 0) {
    await farm.delete(settings).where(and(eq(settings.appId, appId), inArray(settings.key, removed)));
  }
  for (const [key, value] of Object.entries(values)) {
    if (value === null) continue;
    await farm
      .insert(settings)
      .values({ appId, key, value, isPublic: false })
      .onConflictDoUpdate({ target: [settings.appId, settings.key], set: { value, isPublic: false } });
  }
}
