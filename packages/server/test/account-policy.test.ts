import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesRoleCheck, roles as allRoles, type Role } from '@pluk/contract';
import { jobs, passwordResetTokens, userRoles, users } from '../src/db/schema/index.js';
import { mayActOn } from '../src/modules/users/policy.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * ADR 086: no one acts above their own roles. A table over caller roles × target roles × every call that
 * acts on another account, on the real routes; and the takeover and lock-out that ADR 086 answers, as regressions.
 */
let ctx: TestContext;
const message = 'Je kan geen account beheren met een rol die jij niet hebt.';
const settingKey = 'beleid.test';

type Kind = 'Admin' | 'ApplicationManager' | 'BankManager' | 'Analyst' | 'member';
const rolesOf = (kind: Kind): Role[] => (kind === 'member' ? [] : [kind]);
const callerKinds: Kind[] = ['Admin', 'ApplicationManager', 'BankManager', 'member'];
const targetKinds: Kind[] = ['Admin', 'ApplicationManager', 'BankManager', 'Analyst', 'member'];

const callers = new Map<Kind, CreatedUser>();
const targets = new Map<Kind, CreatedUser>();
let made = 0;

async function makeUser(kind: Kind, prefix: string, approved = true): Promise<CreatedUser> {
  made += 1;
  return ctx.createUser({ username: `${prefix}${made}`, roles: rolesOf(kind), approved });
}

/** Puts a target back as it was made (e-mail, approved, active), so the next case starts the same. */
async function restore(target: CreatedUser) {
  await ctx.db
    .update(users)
    .set({ email: target.email, isActive: true, isApproved: true })
    .where(eq(users.id, target.id));
  ctx.app.authUsers.forget(target.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  for (const kind of callerKinds) callers.set(kind, await makeUser(kind, 'beller'));
  for (const kind of targetKinds) targets.set(kind, await makeUser(kind, 'doel'));
  const added = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/Setting/Add',
    as: callers.get('Admin'),
    payload: { key: settingKey, value: 'boerderij' },
  });
  expect(added.statusCode).toBe(200);
});
afterAll(() => ctx.close());

interface Call {
  name: string;
  /** The role the route itself asks (the contract's permission). */
  permission: Role;
  /** Whether the call needs a fresh target (it deletes it, or needs it on the waiting list). */
  fresh?: 'delete' | 'unapproved';
  send(as: CreatedUser, target: CreatedUser): ReturnType<TestContext['request']>;
}

const update = (payload: Record<string, unknown>) => (as: CreatedUser) =>
  ctx.request({ method: 'POST', url: '/api/applicationManager/user/update', as, payload });

const calls: Call[] = [
  {
    name: 'change the e-mail',
    permission: 'ApplicationManager',
    send: (as, t) => update({ id: t.id, email: `nieuw-${t.id}@elders.example` })(as),
  },
  {
    name: 'change a plain field (phone)',
    permission: 'ApplicationManager',
    send: (as, t) => update({ id: t.id, phone: '0470 00 00 00' })(as),
  },
  {
    name: 'change the roles (to the same roles)',
    permission: 'ApplicationManager',
    send: async (as, t) => {
      const held = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, t.id));
      return update({ id: t.id, roles: held.map((r) => r.role) })(as);
    },
  },
  {
    name: 'deactivate',
    permission: 'ApplicationManager',
    send: (as, t) => update({ id: t.id, isActive: false })(as),
  },
  {
    name: 'unapprove',
    permission: 'ApplicationManager',
    send: (as, t) => update({ id: t.id, isApproved: false })(as),
  },
  {
    name: 'approve from the waiting list',
    permission: 'ApplicationManager',
    fresh: 'unapproved',
    send: (as, t) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/User/Approve',
        as,
        payload: { userId: t.id },
      }),
  },
  {
    name: 'send the welcome e-mail',
    permission: 'ApplicationManager',
    send: (as, t) =>
      ctx.request({ method: 'POST', url: `/api/applicationManager/User/SendWelcomeEmail/${t.id}`, as }),
  },
  {
    name: 'send a password-reset link',
    permission: 'ApplicationManager',
    send: (as, t) =>
      ctx.request({ method: 'GET', url: `/api/applicationManager/User/ResetPassword/${t.id}`, as }),
  },
  {
    name: 'cancel a pending e-mail change',
    permission: 'ApplicationManager',
    send: (as, t) =>
      ctx.request({ method: 'POST', url: `/api/applicationManager/User/CancelEmailChange/${t.id}`, as }),
  },
  {
    name: 'set a per-user setting override',
    permission: 'ApplicationManager',
    send: (as, t) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/Setting/ManageUserOverride',
        as,
        payload: { userId: t.id, key: settingKey, value: 'eigen' },
      }),
  },
  {
    name: 'delete (anonymise)',
    permission: 'ApplicationManager',
    fresh: 'delete',
    send: (as, t) => ctx.request({ method: 'DELETE', url: `/api/applicationManager/user/${t.id}`, as }),
  },
];

/** What the rule says: the route's own permission first, then ADR 086. */
function expected(call: Call, caller: Kind, target: Kind): number | 'FORBIDDEN' | 'ACCOUNT_ABOVE_YOURS' {
  if (!passesRoleCheck(rolesOf(caller), call.permission)) return 'FORBIDDEN';
  const allowed = rolesOf(target).every((role) => passesRoleCheck(rolesOf(caller), role));
  if (!allowed) return 'ACCOUNT_ABOVE_YOURS';
  return call.fresh === 'delete' ? 204 : 200;
}

describe('the rule, caller roles × target roles × every call (ADR 086)', () => {
  const cases = callerKinds.flatMap((caller) =>
    targetKinds.flatMap((target) => calls.map((call) => ({ caller, target, call }))),
  );
  it.each(cases.map((c) => [c.caller, c.call.name, c.target, c] as const))(
    '%s: %s of a %s',
    async (_caller, _call, _target, { caller, target, call }) => {
      const as = callers.get(caller)!;
      const account = call.fresh
        ? await makeUser(target, 'vers', call.fresh !== 'unapproved')
        : targets.get(target)!;
      const before = await ctx.db.select().from(users).where(eq(users.id, account.id));
      const response = await call.send(as, account);
      const want = expected(call, caller, target);
      if (typeof want === 'number') {
        expect(response.statusCode, response.body).toBe(want);
      } else {
        expect(response.statusCode, response.body).toBe(403);
        expect(json(response)).toMatchObject({ error: { code: want } });
        if (want === 'ACCOUNT_ABOVE_YOURS') expect(json(response)).toMatchObject({ error: { message } });
        // Refused: the account is exactly as it was.
        const after = await ctx.db.select().from(users).where(eq(users.id, account.id));
        expect(after).toEqual(before);
      }
      if (!call.fresh) await restore(account);
    },
  );
});

describe('impersonation follows the rule (ADR 026, 086)', () => {
  it.each(callerKinds.flatMap((caller) => targetKinds.map((target) => [caller, target] as const)))(
    '%s as a %s',
    async (caller, target) => {
      const as = callers.get(caller)!;
      const account = targets.get(target)!;
      const response = await ctx.request({
        method: 'GET',
        url: '/api/User',
        as,
        headers: { 'x-impersonate-user': String(account.id) },
      });
      // Only an Admin impersonates, never another Admin; every other role passes the Admin's check.
      if (caller === 'Admin' && target !== 'Admin') {
        expect(response.statusCode, response.body).toBe(200);
        expect(json(response)).toMatchObject({ id: account.id });
      } else {
        expect(response.statusCode).toBe(403);
        expect(json(response)).toMatchObject({ error: { code: 'IMPERSONATION_FORBIDDEN' } });
      }
    },
  );
});

describe('mayActOn over every role', () => {
  it('lets a caller act only on accounts whose every role it passes; oneself always', () => {
    for (const held of allRoles) {
      for (const other of allRoles) {
        const verdict = mayActOn({ id: 1, roles: [held] }, { id: 2, roles: [other] });
        expect(verdict, `${held} on ${other}`).toBe(passesRoleCheck([held], other));
      }
      expect(mayActOn({ id: 1, roles: [held] }, { id: 2, roles: [] })).toBe(true);
      expect(mayActOn({ id: 1, roles: [held] }, { id: 1, roles: ['Admin', held] })).toBe(true);
    }
    expect(mayActOn({ id: 1, roles: ['ApplicationManager'] }, { id: 2, roles: ['Admin'] })).toBe(false);
    expect(mayActOn({ id: 1, roles: ['ApplicationManager'] }, { id: 2, roles: ['Analyst'] })).toBe(false);
    expect(
      mayActOn({ id: 1, roles: ['ApplicationManager'] }, { id: 2, roles: ['BankManager', 'Admin'] }),
    ).toBe(false);
    expect(mayActOn({ id: 1, roles: ['BankManager'] }, { id: 2, roles: ['EventManager'] })).toBe(false);
    expect(mayActOn({ id: 1, roles: ['Admin'] }, { id: 2, roles: ['Admin', 'Analyst'] })).toBe(true);
  });
});

describe('an ApplicationManager taking over the Admin (decision 086)', () => {
  let beheerder: CreatedUser;
  let admin: CreatedUser;
  beforeAll(async () => {
    beheerder = await ctx.createUser({ username: 'beheerder', roles: ['ApplicationManager'] });
    admin = await ctx.createUser({ username: 'admin', roles: ['Admin'] });
  });

  it('is refused at its first step: the e-mail stays, no reset link, no token to use', async () => {
    const jobsBefore = await ctx.db.select({ n: count() }).from(jobs);
    const step1 = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: beheerder,
      payload: { id: admin.id, email: 'someone@elsewhere.example' },
    });
    expect(step1.statusCode).toBe(403);
    expect(json(step1)).toEqual({ error: { code: 'ACCOUNT_ABOVE_YOURS', message } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.email).toBe(admin.email);

    const step2 = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/User/ResetPassword/${admin.id}`,
      as: beheerder,
    });
    expect(step2.statusCode).toBe(403);
    expect(json(step2)).toMatchObject({ error: { code: 'ACCOUNT_ABOVE_YOURS', message } });
    expect(
      await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, admin.id)),
    ).toEqual([]);
    // No job of any kind was queued by the two refused steps.
    expect(await ctx.db.select({ n: count() }).from(jobs)).toEqual(jobsBefore);

    // Step 3 has nothing to use; and the Admin still signs in with its own password, as Admin.
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: admin.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('cannot lock the Admin out: 403, the Admin stays active and signed in', async () => {
    const lock = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: beheerder,
      payload: { id: admin.id, isActive: false },
    });
    expect(lock.statusCode).toBe(403);
    expect(json(lock)).toEqual({ error: { code: 'ACCOUNT_ABOVE_YOURS', message } });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.isActive).toBe(true);
    const me = await ctx.request({ method: 'GET', url: '/api/User', as: admin });
    expect(me.statusCode).toBe(200);
  });

  it('cannot delete the Admin, nor give itself (or anyone) a role it does not pass', async () => {
    const remove = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/user/${admin.id}`,
      as: beheerder,
    });
    expect(json(remove)).toMatchObject({ error: { code: 'ACCOUNT_ABOVE_YOURS' } });
    const analyst = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: beheerder,
      payload: { id: beheerder.id, roles: ['ApplicationManager', 'Analyst'] },
    });
    expect(analyst.statusCode).toBe(403);
    expect(json(analyst)).toMatchObject({
      error: { code: 'ACCOUNT_ABOVE_YOURS', fields: { roles: expect.any(String) } },
    });
    const held = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, beheerder.id));
    expect(held.map((r) => r.role)).toEqual(['ApplicationManager']);
  });
});

describe('the last active Admin (ADR 086)', () => {
  it('is never deactivated, unapproved, stripped or deleted; an inactive Admin does not count', async () => {
    // A fresh farm-wide picture: one active Admin (`last`) and an inactive one (`dormant`).
    await ctx.db.delete(userRoles).where(and(eq(userRoles.role, 'Admin'), eq(userRoles.appId, ctx.appId)));
    const last = await ctx.createUser({ username: 'laatste', roles: ['Admin'] });
    const dormant = await ctx.createUser({ username: 'slapend', roles: ['Admin'], active: false });
    const other = await ctx.createUser({ username: 'tweede', roles: ['Admin'] });
    // With two active Admins, one may deactivate the other; then the remaining one is the last.
    const first = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: last,
      payload: { id: other.id, isActive: false },
    });
    expect(first.statusCode).toBe(200);
    const refusals = [
      { payload: { isActive: false }, code: 'CANNOT_DEACTIVATE_SELF' },
      { payload: { isApproved: false }, code: 'LAST_ADMIN' },
      { payload: { roles: ['BankManager'] }, code: 'LAST_ADMIN' },
    ];
    for (const { payload, code } of refusals) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/update',
        as: last,
        payload: { id: last.id, ...payload },
      });
      expect(response.statusCode).toBe(409);
      expect(json(response)).toMatchObject({ error: { code } });
    }
    const strip = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: last,
      payload: { id: last.id, roles: [] },
    });
    expect(json(strip)).toMatchObject({ error: { code: 'LAST_ADMIN' } });
    // The dormant Admin's role may go: it takes no active Admin away.
    const dormantRole = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: last,
      payload: { id: dormant.id, roles: [] },
    });
    expect(dormantRole.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, last.id));
    expect(row).toMatchObject({ isActive: true, isApproved: true });
    const held = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, last.id));
    expect(held.map((r) => r.role)).toEqual(['Admin']);
  });
});
