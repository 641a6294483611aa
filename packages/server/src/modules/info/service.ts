import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { apps, settings } from '../../db/schema/index.js';
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

/** A public setting; non-public and unknown keys are both simply "not found". */
export async function publicSetting(app: FastifyInstance, appId: string, key: string) {
  const [row] = await tenantDb(app.db, appId)
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.appId, appId), eq(settings.key, key), eq(settings.isPublic, true)));
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Deze instelling bestaat niet.');
  return row;
}
