import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { users } from '../../../db/schema/index.js';
import type { RequestAuth } from '../../../types.js';
import type { BankActor } from '../status-change.js';

/**
 * Who a bank audit row names: the signed-in manager, or the Admin when an Admin impersonates (as the
 * audit log does), with the name they have now; the row keeps it when they are renamed or deleted.
 */
export async function bankActorOf(
  db: Database | Transaction,
  appId: string,
  auth: RequestAuth,
): Promise<NonNullable<BankActor>> {
  const userId = auth.impersonatedBy ?? auth.user.id;
  const [row] = await tenantDb(db, appId)
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  const name = row ? `${row.firstName} ${row.lastName}`.trim() || row.username : auth.user.username;
  return { userId, name };
}
