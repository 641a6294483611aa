import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@pluk/contract';
import { userRoles, users } from '../../db/schema/index.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-error.js';

export interface AccessChange {
  roles?: Role[];
  isApproved?: boolean;
  isActive?: boolean;
}

/** Replaces a user's roles in the caller's transaction (the caller forgets the cached auth after it). */
export async function replaceRoles(farm: TenantDb, appId: string, userId: number, roles: readonly Role[]) {
  await farm.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.appId, appId)));
  if (roles.length > 0) await farm.insert(userRoles).values(roles.map((role) => ({ appId, userId, role })));
}

/**
 * Changes what a user may do (roles, approval, activity) and forgets its cached sessions after the
 * commit, so the very next request with its token sees the change (ADR 046). Every role change or
 * (de)activation goes through here; test/auth-user-cache.test.ts fails when a module writes these
 * columns without forgetting.
 */
export async function changeUserAccess(
  app: FastifyInstance,
  appId: string,
  userId: number,
  change: AccessChange,
): Promise<void> {
  const found = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
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
  app.authUsers.forget(userId);
  if (!found) throw notFound();
}
