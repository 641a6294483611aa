import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { users } from '../../../db/schema/index.js';

/**
 * A manager's first and last name as they are now, kept on the import or in the audit (they stay when the
 * user is renamed or deleted); null when both are empty.
 */
export async function managerName(
  db: Database | Transaction,
  appId: string,
  userId: number,
): Promise<string | null> {
  const [row] = await tenantDb(db, appId)
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  const name = `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim();
  return name === '' ? null : name;
}
