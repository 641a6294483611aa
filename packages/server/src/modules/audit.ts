import type { Database, Transaction } from '../db/client.js';
import { tenantDb } from '../db/tenant.js';
import { auditLog } from '../db/schema/index.js';
import type { RequestAuth } from '../types.js';

/** Records an action; when an Admin impersonates, the Admin is the actor and the user is noted too. */
export async function audit(
  db: Database | Transaction,
  appId: string,
  auth: RequestAuth,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tenantDb(db, appId)
    .insert(auditLog)
    .values({
      appId,
      actorUserId: auth.impersonatedBy ?? auth.user.id,
      impersonatedUserId: auth.impersonatedBy === null ? null : auth.user.id,
      action,
      details,
    });
}
