import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isSecretSettingKey } from '@pluk/contract';
import { apps, settings, userSettingOverrides } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { HttpError } from '../../lib/http-error.js';

export async function loadLogo(app: FastifyInstance, appId: string) {
  const [row] = await tenantDb(app.db, appId)
    .select({ logo: apps.logo, mime: apps.logoMime })
    .from(apps)
    .where(eq(apps.appId, appId));
  if (!row?.logo || !row.mime) throw new HttpError(404, 'NOT_FOUND', 'Deze app heeft geen logo.');
  return { data: row.logo, mime: row.mime };
}

/**
 * A public setting; non-public and unknown keys are both simply "not found". A signed-in user whom a
 * manager gave an own value of the key (`ManageUserOverride`) gets that value instead (decision 081).
 */
export async function publicSetting(app: FastifyInstance, appId: string, key: string, userId: number | null) {
  const farm = tenantDb(app.db, appId);
  if (userId !== null && !isSecretSettingKey(key)) {
    const [own] = await farm
      .select({ key: userSettingOverrides.key, value: userSettingOverrides.value })
      .from(userSettingOverrides)
      .where(
        and(
          eq(userSettingOverrides.appId, appId),
          eq(userSettingOverrides.userId, userId),
          eq(userSettingOverrides.key, key),
        ),
      );
    if (own) return own;
  }
  const [row] = await farm
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.appId, appId), eq(settings.key, key), eq(settings.isPublic, true)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Deze instelling bestaat niet.');
  return row;
}

/** Where the farm's logo is fetched; the version in the address changes with every new logo. */
export function logoUrlOf(logoVersion: string | null): string {
  return `/api/info/logo?v=${encodeURIComponent(logoVersion ?? '1')}`;
}
