import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../types.js';

/** Loads the user (with roles) a token or impersonation header names, only within the given app. */
export async function loadAuthUser(db: Database, appId: string, userId: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      appId: users.appId,
      username: users.username,
      isApproved: users.isApproved,
      isActive: users.isActive,
      roles: sql<
        Role[]
      >`coalesce(array(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${users.id} order by ${userRoles.role}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)));
  return row ?? null;
}
