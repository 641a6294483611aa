import type { Role } from './roles.js';

/**
 * Who may call a route. Enforced in one place on the server (the route's permission is read from the
 * route table), and walked for every role by the authorization matrix test.
 * - public: anyone, also anonymous.
 * - authenticated: any signed-in user, also one still on the waiting list (so the app can tell them so).
 * - member: a signed-in user who is approved and active.
 * - staff: an approved, active user holding at least one role (`hasRoles`): the manager's home, whose
 *   answer the server narrows to the caller's roles (decision 092).
 * - { role }: an approved, active user passing `passesRoleCheck(roles, role)`.
 */
export type Permission = 'public' | 'authenticated' | 'member' | 'staff' | { role: Role };

export function describePermission(permission: Permission): string {
  return typeof permission === 'string' ? permission : `role:${permission.role}`;
}
