/** Every role (docs/product/people-and-roles.md, "Roles"), in its order there. `{product}` is `Pluk`. */
export const roles = [
  'Admin',
  'ApplicationManager',
  'EventManager',
  'PlukManager',
  'BankManager',
  'FieldManager',
  'MileStoneManager',
  'PostManager',
  'ProductManager',
  'ProjectManager',
  'RequestManager',
  'TaskManager',
  'CropManager',
  'Analyst',
] as const;

export type Role = (typeof roles)[number];
// Its schema, `roleSchema`, is in role-schema.ts: the web's first load checks roles, and would otherwise
// load zod for the schema (decision 088).

/** The specific manager roles: each passes its own check; ApplicationManager passes them all. */
export const managerRoles = roles.filter(
  (role): role is Exclude<Role, 'Admin' | 'ApplicationManager' | 'Analyst'> =>
    role !== 'Admin' && role !== 'ApplicationManager' && role !== 'Analyst',
);

/**
 * Whether a user holding `held` passes the check for `required` (docs/product/people-and-roles.md, "Roles"):
 * Admin passes every check; only Admin passes the Admin check; Analyst passes for Analyst (and Admin);
 * ApplicationManager passes every manager check; a specific manager role passes its own.
 */
export function passesRoleCheck(held: readonly Role[], required: Role): boolean {
  if (held.includes('Admin')) return true;
  if (required === 'Admin') return false;
  if (required === 'Analyst') return held.includes('Analyst');
  if (held.includes('ApplicationManager')) return true;
  return held.includes(required);
}

/**
 * Whether a user holding `held` may act on (change, reset, lock, approve, delete, mail, impersonate)
 * another account holding `target` (ADR 086): only when it passes the check for every role that account
 * holds. An Admin passes for everyone; an ApplicationManager for members and managers, never an Admin or
 * an Analyst; a specific manager only for members and holders of its own role. The server applies it
 * (`modules/users/policy.ts`, where acting on oneself is always allowed); the web hides what it refuses.
 */
export function mayManageAccount(held: readonly Role[], target: readonly Role[]): boolean {
  return target.every((role) => passesRoleCheck(held, role));
}

/** isApplicationManager in the spec: ApplicationManager or Admin. */
export function isApplicationManager(held: readonly Role[]): boolean {
  return held.includes('ApplicationManager') || held.includes('Admin');
}

/** hasRoles in the spec: at least one role (shows the tractor icon to the manager area). */
export function hasRoles(held: readonly Role[]): boolean {
  return held.length > 0;
}
