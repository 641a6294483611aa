import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { userRolesSubquery } from '../user/account.js';
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
      roles: userRolesSubquery,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId)));
  return row ?? null;
}
