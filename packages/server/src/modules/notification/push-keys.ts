import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { appPushKeys } from '../../db/schema/index.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The app's VAPID key pair, made on first use. Two requests making it at once both insert with
 * `on conflict do nothing` and then read the one row that won, so an app never has two pairs.
 */
export async function vapidKeysOf(db: Database, appId: string): Promise<VapidKeys> {
  const read = async () => {
    const [row] = await tenantDb(db, appId)
      .select({ publicKey: appPushKeys.publicKey, privateKey: appPushKeys.privateKey })
      .from(appPushKeys)
      .where(eq(appPushKeys.appId, appId));
    return row;
  };
  const existing = await read();
  if (existing) return existing;
  const generated = webpush.generateVAPIDKeys();
  await tenantDb(db, appId)
    .insert(appPushKeys)
    .values({ appId, publicKey: generated.publicKey, privateKey: generated.privateKey })
    .onConflictDoNothing();
  const stored = await read();
  if (!stored) throw new Error(`No VAPID keys for app ${appId}`);
  return stored;
}
