import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describePermission,
  managerRoles,
  passesRoleCheck,
  routeTable,
  type Permission,
  type Role,
  type RouteDef,
} from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * Walks the contract's whole route table for every kind of caller and checks the server's answer
 * against the route's permission. A new route is covered the day it is added to the table; a route
 * the server registers outside the table (or a table route it forgets) fails the first test.
 */

interface Principal {
  name: string;
  user: CreatedUser | null;
  /** Another app's user: its token must never authenticate here. */
  foreign?: boolean;
  approved: boolean;
  roles: Role[];
}

let ctx: TestContext;
const principals: Principal[] = [];
let target: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  const add = async (name: string, roles: Role[], approved = true, active = approved) => {
    const user = await ctx.createUser({ username: `m-${name}`, roles, approved, active });
    principals.push({ name, user, approved: approved && active, roles });
  };
  principals.push({ name: 'anonymous', user: null, approved: false, roles: [] });
  await add('unapproved', [], false);
  await add('inactive', ['Admin'], true, false);
  await add('member', []);
  for (const role of managerRoles) await add(role, [role]);
  await add('Analyst', ['Analyst']);
  await add('ApplicationManager', ['ApplicationManager']);
  await add('Admin', ['Admin']);
  const other = await ctx.createApp({ appId: 'other-farm', hosts: ['other-farm.test'] });
  const foreignAdmin = await ctx.createUser({
    appId: other.appId,
    username: 'm-foreign-admin',
    roles: ['Admin'],
  });
  principals.push({
    name: 'Admin of another app',
    user: foreignAdmin,
    foreign: true,
    approved: true,
    roles: ['Admin'],
  });
  // Shares its contact data, so the ContactData policy itself never refuses a caller in this walk.
  target = await ctx.createUser({ username: 'm-target', showContactData: true });
});
afterAll(() => ctx.close());

/** Concrete values for a route's path parameters. */
function urlOf(route: RouteDef): string {
  const values: Record<string, string> = {
    id: String(target.id),
    key: 'matrix',
    name: 'someone',
    value: 'nobody',
  };
  return `/api/${route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => values[name] ?? '1')}`;
}

type Expectation = { allowed: true } | { allowed: false; status: 401 | 403; code: string };

function expected(permission: Permission, principal: Principal): Expectation {
  if (permission === 'public') return { allowed: true };
  if (!principal.user || principal.foreign) return { allowed: false, status: 401, code: 'UNAUTHORIZED' };
  // A deactivated member's token works nowhere, its own account included (ADR 055).
  if (principal.name === 'inactive') return { allowed: false, status: 401, code: 'ACCOUNT_INACTIVE' };
  if (permission === 'authenticated') return { allowed: true };
  if (!principal.approved) return { allowed: false, status: 403, code: 'ACCOUNT_NOT_APPROVED' };
  if (permission === 'member') return { allowed: true };
  if (permission === 'staff') {
    return principal.roles.length > 0
      ? { allowed: true }
      : { allowed: false, status: 403, code: 'FORBIDDEN' };
  }
  return passesRoleCheck(principal.roles, permission.role)
    ? { allowed: true }
    : { allowed: false, status: 403, code: 'FORBIDDEN' };
}

const denialCodes = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ACCOUNT_NOT_APPROVED',
  'ACCOUNT_INACTIVE',
  'IMPERSONATION_FORBIDDEN',
];

/** Routes registered but not in the table, and table routes not registered. */
function routeDifferences(registered: readonly string[], table: readonly RouteDef[]) {
  const expectedRoutes = new Set(table.map((r) => `${r.method} /api/${r.path.toLowerCase()}`));
  const actual = new Set(registered);
  return {
    notInTable: [...actual].filter((r) => !expectedRoutes.has(r)).sort(),
    notRegistered: [...expectedRoutes].filter((r) => !actual.has(r)).sort(),
  };
}

describe('authorization matrix', () => {
  it('registers exactly the routes of the contract route table', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThanOrEqual(routeTable.length);
    expect(routeDifferences(ctx.app.apiRoutes, routeTable)).toEqual({ notInTable: [], notRegistered: [] });
    // The check itself notices a stray route and a forgotten one.
    const stray = routeDifferences([...ctx.app.apiRoutes, 'GET /api/rogue'], routeTable.slice(1));
    const [first] = routeTable;
    expect(stray.notInTable).toEqual(
      [`${first?.method} /api/${first?.path.toLowerCase()}`, 'GET /api/rogue'].sort(),
    );
    expect(routeDifferences(ctx.app.apiRoutes.slice(1), routeTable).notRegistered).toHaveLength(1);
  });

  it('covers every kind of caller the issue names', () => {
    expect(principals.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'anonymous',
        'unapproved',
        'member',
        ...managerRoles,
        'Analyst',
        'ApplicationManager',
        'Admin',
        'Admin of another app',
      ]),
    );
  });

  for (const route of routeTable) {
    it(`${route.method} ${route.path} (${describePermission(route.permission)})`, async () => {
      const failures: string[] = [];
      for (const principal of principals) {
        // An empty JSON body: allowed callers then stop at validation (400), so nothing changes state.
        const response = await ctx.request({
          method: route.method,
          url: urlOf(route),
          as: principal.user ?? undefined,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        // A file (a spreadsheet export) is an answer too; only JSON bodies carry an error code.
        const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
        const code =
          response.body && isJson
            ? (response.json() as { error?: { code?: string } }).error?.code
            : undefined;
        const expectation = expected(route.permission, principal);
        if (expectation.allowed) {
          if (code && denialCodes.includes(code))
            failures.push(`${principal.name}: refused ${response.statusCode} ${code}`);
          if (response.statusCode >= 500) failures.push(`${principal.name}: ${response.statusCode}`);
        } else if (response.statusCode !== expectation.status || code !== expectation.code) {
          failures.push(
            `${principal.name}: got ${response.statusCode} ${code}, expected ${expectation.status} ${expectation.code}`,
          );
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('spot checks: the waiting list is for ApplicationManager and Admin only', async () => {
    const by = (name: string) => principals.find((p) => p.name === name)?.user ?? undefined;
    const call = (name: string) =>
      ctx.request({ method: 'POST', url: '/api/applicationManager/user/paged', as: by(name), payload: {} });
    expect((await call('ApplicationManager')).statusCode).toBe(200);
    expect((await call('Admin')).statusCode).toBe(200);
    expect((await call('TaskManager')).statusCode).toBe(403);
    expect((await call('Analyst')).statusCode).toBe(403);
    expect((await call('member')).statusCode).toBe(403);
    expect((await call('anonymous')).statusCode).toBe(401);
  });
});
