import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { RemovedApp } from '@pluk/contract';
import { apps, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { mediaDirOf } from '../media/storage.js';

export const wrongNameMessage =
  'Dat is niet de naam van deze boerderij. Typ de naam precies zoals hij er staat.';

const sameName = (typed: string, name: string) =>
  typed.trim().toLocaleLowerCase('nl-BE') === name.trim().toLocaleLowerCase('nl-BE');

/**
 * `GET Admin/AdminAction/removeApp?confirmName=`: deletes this request's farm once its name was typed.
 * One statement deletes the `apps` row; every farm table, `app_hosts` and the farm's queued `jobs` refer
 * to it `on delete cascade`, so all its rows go with it and no other farm's row is touched. Its uploaded
 * files go after the commit. The default farm stays (decision 084).
 */
export async function removeApp(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  confirmName: string,
): Promise<RemovedApp> {
  if (!sameName(confirmName, tenant.name)) {
    throw new HttpError(400, 'VALIDATION_ERROR', wrongNameMessage, { confirmName: wrongNameMessage });
  }
  const userIds = await inTransaction(app.db, async (tx) => {
    // Locked first: a second removal of the same farm waits here and then finds nothing.
    const [row] = await tx
      .select({ isDefault: apps.isDefault })
      .from(apps)
      .where(eq(apps.appId, tenant.appId))
      .for('update');
    if (!row) throw notFound();
    if (row.isDefault) throw new HttpError(409, 'DEFAULT_APP');
    const members = await tenantDb(tx, tenant.appId).select({ id: users.id }).from(users);
    await tx.delete(apps).where(eq(apps.appId, tenant.appId));
    return members.map((member) => member.id);
  });
  await app.caches.farmChanged(tenant.appId);
  await app.caches.usersChanged(tenant.appId, ...userIds);
  await rm(mediaDirOf(app.config, tenant.appId), { recursive: true, force: true });
  app.log.warn(
    { appId: tenant.appId, byUserId: auth.impersonatedBy ?? auth.user.id },
    'admin.removeApp: farm removed with all its data',
  );
  return { appId: tenant.appId, name: tenant.name };
}
