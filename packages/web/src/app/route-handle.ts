import type { Role } from '@pluk/contract';
import type { UIMatch } from 'react-router';

export type LayoutName = 'default' | 'applicationManager' | 'modal' | 'empty' | 'detail';

/**
 * Who may open a route:
 * - public: anyone; guest: only while logged out (/login);
 * - restricted: logged in (the waiting-for-approval page);
 * - member: logged in, approved and active; manager: member with a role (hasRoles);
 * - applicationManager: ApplicationManager or Admin; admin: Admin;
 * - { role }: passes `passesRoleCheck` for that role (TaskManager screens, …).
 */
export type RouteAccess =
  | 'public'
  | 'guest'
  | 'restricted'
  | 'member'
  | 'manager'
  | 'applicationManager'
  | 'admin'
  /**
   * A manager screen of one area: passes for that role (docs/product/people-and-roles.md, "Roles":
   * ApplicationManager and Admin too).
   */
  | { role: Role };

/** What a route tells the layout and the guard (React Router `handle`). */
export interface RouteHandle {
  layout?: LayoutName;
  access?: RouteAccess;
  /** Translation key of the header title: `titles.*` of common, or `<namespace>:titles.*` of a feature. */
  titleKey?: string;
  /** Title key used instead for the cooperative locale variant. */
  cooperativeTitleKey?: string;
  /** Where the detail layout's back button goes; no button when absent. */
  backTo?: string;
}

/** The handle that decides: the deepest matched route that has one. */
export function currentHandle(matches: UIMatch[]): RouteHandle {
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}

/** The access rule of a route; routes need a signed-in, approved member unless they say otherwise. */
export function accessOf(handle: RouteHandle): RouteAccess {
  return handle.access ?? 'member';
}

/** The layout of a route; the default layout unless it says otherwise. */
export function layoutOf(handle: RouteHandle): LayoutName {
  return handle.layout ?? 'default';
}

/**
 * The title key for the app's locale variant (docs/product/settings-and-farms.md, "Branding and wording").
 */
export function titleKeyOf(handle: RouteHandle, cooperative: boolean): string | undefined {
  return (cooperative && handle.cooperativeTitleKey) || handle.titleKey;
}
