import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import { translationOverrides } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';

export interface OverrideRow {
  namespace: string;
  key: string;
  value: string;
  updatedAt: Date;
}

/** Every override of the farm (at most one per bundled text: a few thousand at the very most). */
export async function farmOverrides(db: Database | Transaction, appId: string): Promise<OverrideRow[]> {
  return tenantDb(db, appId)
    .select({
      namespace: translationOverrides.namespace,
      key: translationOverrides.key,
      value: translationOverrides.value,
      updatedAt: translationOverrides.updatedAt,
    })
    .from(translationOverrides);
}

/**
 * The farm's texts version: how many overrides and when the last changed (to the microsecond), or null
 * without overrides. Overrides are only added (with a newer time), changed (newer time) or removed (one
 * fewer), so two different sets of overrides never share a version: an answer cached under `?v=` stays right.
 */
export async function readVersion(db: Database, appId: string): Promise<string | null> {
  const [row] = await tenantDb(db, appId)
    .select({
      count: sql<number>`count(*)::int`,
      last: sql<
        string | null
      >`to_char(max(${translationOverrides.updatedAt}) at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
    })
    .from(translationOverrides);
  return row && Number(row.count) > 0 && row.last ? `${Number(row.count)}.${row.last}` : null;
}

/** How long a farm's version is kept in this process (`GET info` asks it on every start of the web). */
const versionTtlMs = 5_000;
const versionCaches = new WeakMap<FastifyInstance, Map<string, { version: string | null; until: number }>>();

function versionCache(app: FastifyInstance) {
  let cache = versionCaches.get(app);
  if (!cache) {
    cache = new Map();
    versionCaches.set(app, cache);
  }
  return cache;
}

/** The farm's texts version for `GET info`, kept a few seconds; this process forgets it on every change. */
export async function translationsVersion(app: FastifyInstance, appId: string): Promise<string | null> {
  const cache = versionCache(app);
  const cached = cache.get(appId);
  if (cached && cached.until > Date.now()) return cached.version;
  const version = await readVersion(app.db, appId);
  // Bounded like the app resolver's cache: one entry per farm that asked recently.
  if (cache.size >= 1_000) cache.clear();
  cache.set(appId, { version, until: Date.now() + versionTtlMs });
  return version;
}

/** After a change of the farm's texts: the next `GET info` reads the new version. */
export function forgetTranslationsVersion(app: FastifyInstance, appId: string): void {
  versionCache(app).delete(appId);
}

/** After a change that may touch every farm (a reconnection of the change listener, ADR 099). */
export function forgetAllTranslationsVersions(app: FastifyInstance): void {
  versionCache(app).clear();
}
