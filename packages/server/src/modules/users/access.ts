import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@pluk/contract';
import { userRoles, users } from '../../db/schema/index.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-error.js';
import { assertNotLastActiveAdmin, lockActiveAdmins, mayRemoveAnAdmin } from './policy.js';

export interface AccessChange {
  roles?: Role[];
  isApproved?: boolean;
  isActive?: boolean;
}

/**
 * Replaces a user's roles in the caller's transaction (the caller forgets the cached auth after it).
 * Only the roles that change are deleted or inserted: a kept role's row stays, so a transaction
 * counting the Admins under a lock (ADR 086) never misses an Admin whose other roles changed.
 */
export async function replaceRoles(farm: TenantDb, appId: string, userId: number, roles: readonly Role[]) {
  const held = await farm
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.appId, appId)));
  const before = held.map((row) => row.role);
  const removed = before.filter((role) => !roles.includes(role as Role));
  const added = roles.filter((role) => !before.includes(role));
  if (removed.length > 0) {
    await farm
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.appId, appId), inArray(userRoles.role, removed)));
  }
  if (added.length > 0) await farm.insert(userRoles).values(added.map((role) => ({ appId, userId, role })));
}

/**
 * Changes what a user may do (roles, approval, activity) and forgets its cached sessions after the
 * commit, so the very next request with its token sees the change (ADR 046). Every role change or
 * (de)activation goes through here; test/auth-user-cache.test.ts fails when a module writes these
 * columns without forgetting. It has no caller to check (ADR 086 is the services' job), but it keeps
 * the last active Admin like every other change.
 */
export async function changeUserAccess(
  app: FastifyInstance,
  appId: string,
  userId: number,
  change: AccessChange,
): Promise<void> {
  const found = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    // The last active Admin stays, whoever changes it (ADR 086); the Admins are locked first.
    if (mayRemoveAnAdmin(change)) assertNotLastActiveAdmin(await lockActiveAdmins(tx, appId), userId);
    const flags = { isApproved: change.isApproved, isActive: change.isActive, updatedAt: sql`now()` };
    const updated = await farm
      .update(users)
      .set(flags)
      .where(and(eq(users.id, userId), eq(users.appId, appId)))
      .returning({ id: users.id });
    if (updated.length === 0) return false;
    if (change.roles) await replaceRoles(farm, appId, userId, change.roles);
    return true;
  });
  await app.caches.usersChanged(appId, userId);
  if (!found) throw notFound();
}
