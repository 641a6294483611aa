import { hasRoles, isApplicationManager, passesRoleCheck, type Account } from '@pluk/contract';
import { paths } from './paths';
import type { RouteAccess } from './route-handle';

export type GuardDecision =
  { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' } | { kind: 'loading' };

export interface GuardInput {
  access: RouteAccess;
  loggedIn: boolean;
  /** The account once loaded (undefined while loading). */
  account: Account | undefined;
  /** The intended path incl. search, e.g. `/account/edit?tab=2`. */
  fullPath: string;
  /** The `redirect` query parameter of the current URL, if any. */
  redirectParam: string | null;
  /** True on the way to /login while signing out (the session ends once there). */
  signingOut?: boolean;
}

/** Only same-app paths are followed after login (no `//evil.example` or absolute URLs). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Where signing in leads without a `redirect`: staff (any role, approved) to the manager's home. */
export function landingOf(account: Account): string {
  const approved = account.isApproved && account.isActive;
  return approved && hasRoles(account.roles) ? paths.manager.home.getHref() : paths.home.getHref();
}

/**
 * The route guard (docs/product/api-and-routes.md, "Route guard and public routes") and the approval and
 * role rules (docs/product/membership.md, "Waiting list and approval"; docs/product/people-and-roles.md,
 * "Roles").
 */
export function decideAccess({
  access,
  loggedIn,
  account,
  fullPath,
  redirectParam,
  signingOut = false,
}: GuardInput): GuardDecision {
  if (access === 'public') return { kind: 'allow' };
  if (access === 'guest') {
    if (!loggedIn || signingOut) return { kind: 'allow' };
    const wanted = safeRedirect(redirectParam);
    if (wanted) return { kind: 'redirect', to: wanted };
    // Staff land on their to-do list (decision 092), members on the home: known once the
    // account that came with the sign-in is loaded.
    if (!account) return { kind: 'loading' };
    return { kind: 'redirect', to: landingOf(account) };
  }
  // /RestrictedUserPage is public (decision 091): a visitor reads what waiting for approval means.
  if (access === 'restricted' && !loggedIn) return { kind: 'allow' };
  // Signing out goes to plain /login: no way back to the page left behind.
  if (!loggedIn) return { kind: 'redirect', to: paths.login.getHref(signingOut ? undefined : fullPath) };
  if (!account) return { kind: 'loading' };

  const approved = account.isApproved && account.isActive;
  if (access === 'restricted') {
    return approved ? { kind: 'redirect', to: paths.home.getHref() } : { kind: 'allow' };
  }
  if (!approved) return { kind: 'redirect', to: paths.restrictedUser.getHref() };

  if (typeof access === 'object') {
    return passesRoleCheck(account.roles, access.role) ? { kind: 'allow' } : { kind: 'forbidden' };
  }
  switch (access) {
    case 'member':
      return { kind: 'allow' };
    case 'manager':
      return hasRoles(account.roles) ? { kind: 'allow' } : { kind: 'forbidden' };
    case 'applicationManager':
      return isApplicationManager(account.roles) ? { kind: 'allow' } : { kind: 'forbidden' };
    case 'admin':
      return passesRoleCheck(account.roles, 'Admin') ? { kind: 'allow' } : { kind: 'forbidden' };
  }
}
