import { hasRoles } from '@pluk/contract';
import type { AuthUser } from '../../types.js';

/**
 * Who may see a member's contact data (docs/product/people-and-roles.md, "Who sees what"): the member, every
 * member when it chose to show its contact data, and managers (anyone holding a role).
 */
export function maySeeContactData(
  viewer: AuthUser,
  target: { id: number; showContactData: boolean },
): boolean {
  return viewer.id === target.id || target.showContactData || hasRoles(viewer.roles);
}
