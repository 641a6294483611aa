import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { users } from '../../db/schema/index.js';
import { userRolesSubquery } from '../user/account.js';
import type { AuthUser } from '../../types.js';

/**
 * Loads the user (with roles) a token or impersonation header names, only within the given app. With a
 * `sessionId` (the token's `sid`), the user is only found while that session has a token that is not
 * revoked: logout, a password change elsewhere or a reset end its access tokens at once, not after
 * their 15 minutes (ADR 028). One indexed EXISTS in the same query.
 */
export async function loadAuthUser(
  db: Database,
  appId: string,
  userId: number,
  sessionId?: string,
): Promise<AuthUser | null> {
  const sessionAlive = sessionId
    ? sql`exists (select 1 from refresh_tokens rt where rt.family_id = ${sessionId}
        and rt.app_id = "users"."app_id" and rt.user_id = "users"."id" and rt.revoked_at is null)`
    : undefined;
  const [row] = await tenantDb(db, appId)
    .select({
      id: users.id,
      appId: users.appId,
      username: users.username,
      isApproved: users.isApproved,
      isActive: users.isActive,
      roles: userRolesSubquery,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), isNull(users.anonymizedAt), sessionAlive));
  return row ?? null;
}
