import { and, asc, eq, isNull } from 'drizzle-orm';
import { mayManageAccount, passesRoleCheck, type Role } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { userRoles, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../types.js';

/**
 * No one acts above their own roles (ADR 086). One rule for every call that changes, resets, locks,
 * approves, deletes, mails, sets overrides for or impersonates another account: the caller must pass
 * the role check (docs/product/people-and-roles.md, "Roles") for every role that account holds. An Admin
 * passes every check; an ApplicationManager passes every manager role but never Admin or Analyst; a specific
 * manager passes only its own role. Acting on one's own account is always allowed by this rule (other rules,
 * such as "not deactivating oneself", still apply).
 */
export function mayActOn(
  actor: Pick<AuthUser, 'id' | 'roles'>,
  target: { id: number; roles: readonly Role[] },
) {
  return actor.id === target.id || mayManageAccount(actor.roles, target.roles);
}

export const accountAboveYoursMessage = 'Je kan geen account beheren met een rol die jij niet hebt.';

export const accountAboveYours = () => new HttpError(403, 'ACCOUNT_ABOVE_YOURS', accountAboveYoursMessage);

/** Throws `403 ACCOUNT_ABOVE_YOURS` when `actor` may not act on `target` (ADR 086). */
export function assertMayActOn(
  actor: Pick<AuthUser, 'id' | 'roles'>,
  target: { id: number; roles: readonly Role[] },
): void {
  if (!mayActOn(actor, target)) throw accountAboveYours();
}

/**
 * The roles a caller may give or take (ADR 080, 086): only the roles whose check it passes. Only an
 * Admin grants or takes Admin (`ADMIN_ROLE_ONLY_BY_ADMIN`, ADR 080); any other role the caller does
 * not pass (Analyst, for an ApplicationManager) is `ACCOUNT_ABOVE_YOURS`.
 */
export function assertMayGrant(
  actor: Pick<AuthUser, 'roles'>,
  before: readonly Role[],
  after: readonly Role[],
) {
  const changed = [
    ...after.filter((role) => !before.includes(role)),
    ...before.filter((role) => !after.includes(role)),
  ];
  for (const role of changed) {
    if (passesRoleCheck(actor.roles, role)) continue;
    if (role === 'Admin') {
      throw new HttpError(
        403,
        'ADMIN_ROLE_ONLY_BY_ADMIN',
        'Alleen een Admin kan de rol Admin geven of afnemen.',
        {
          roles: 'Alleen een Admin kan de rol Admin geven of afnemen.',
        },
      );
    }
    throw new HttpError(403, 'ACCOUNT_ABOVE_YOURS', 'Je kan geen rol geven of afnemen die jij niet hebt.', {
      roles: 'Je kan geen rol geven of afnemen die jij niet hebt.',
    });
  }
}

/**
 * Locks the target's row (`for update`) in the caller's transaction and reads its roles after the lock,
 * so a role given at the same moment is seen; then applies the rule. 404 for an unknown, deleted or
 * other farm's account.
 */
export async function lockAccountToActOn(
  tx: Transaction,
  appId: string,
  actor: Pick<AuthUser, 'id' | 'roles'>,
  userId: number,
): Promise<{ id: number; roles: Role[]; isActive: boolean; isApproved: boolean }> {
  const farm = tenantDb(tx, appId);
  const [locked] = await farm
    .select({ id: users.id, isActive: users.isActive, isApproved: users.isApproved })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), isNull(users.anonymizedAt)))
    .for('update');
  if (!locked) throw notFound();
  // A separate statement: under READ COMMITTED it sees the roles committed before the lock was granted.
  const roles = await farm
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.appId, appId), eq(userRoles.userId, userId)));
  const target = { ...locked, roles: roles.map((row) => row.role as Role) };
  assertMayActOn(actor, target);
  return target;
}

const lastAdmin = () =>
  new HttpError(409, 'LAST_ADMIN', 'Dit is de laatste actieve Admin van de boerderij: die blijft.');

/**
 * The farm's Admins who can act (role Admin, approved, active, not deleted), locked `for update`: both
 * their role rows and their user rows, in id order. Taken before any other user row of the transaction,
 * so two changes that could each remove an Admin wait for each other (ADR 086): the second one counts
 * after the first committed (a deactivated row no longer matches, a removed role row is gone).
 */
export async function lockActiveAdmins(tx: Transaction, appId: string): Promise<number[]> {
  const rows = await tenantDb(tx, appId)
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, and(eq(users.appId, userRoles.appId), eq(users.id, userRoles.userId)))
    .where(
      and(
        eq(userRoles.appId, appId),
        eq(users.appId, appId),
        eq(userRoles.role, 'Admin'),
        eq(users.isActive, true),
        eq(users.isApproved, true),
        isNull(users.anonymizedAt),
      ),
    )
    .orderBy(asc(userRoles.userId))
    .for('update');
  return rows.map((row) => row.userId);
}

/**
 * The last active Admin stays (ADR 080, 086): refuses a change that would leave the farm without an
 * Admin who can act — deactivating, unapproving, taking the role from, or deleting the last one, by
 * anyone. `activeAdmins` is what `lockActiveAdmins` returned in the same transaction.
 */
export function assertNotLastActiveAdmin(activeAdmins: readonly number[], userId: number): void {
  if (activeAdmins.includes(userId) && activeAdmins.every((id) => id === userId)) throw lastAdmin();
}

/** Whether a change of these fields can take an Admin who can act away (so the Admins must be locked). */
export function mayRemoveAnAdmin(change: {
  roles?: readonly Role[];
  isActive?: boolean;
  isApproved?: boolean;
}) {
  return (
    change.isActive === false ||
    change.isApproved === false ||
    (change.roles !== undefined && !change.roles.includes('Admin'))
  );
}
