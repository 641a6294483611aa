import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * The last Admin (ADR 080), on PostgreSQL only: two Admins taking each other's Admin role, or deleting
 * each other, at the same moment must leave the farm one Admin. The Admin rows are locked while counted;
 * without that lock both would count two and both would pass.
 */
describe.skipIf(!process.env.DATABASE_URL)('last Admin races (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function twoAdmins(round: number): Promise<[CreatedUser, CreatedUser]> {
    await ctx.db.delete(userRoles).where(eq(userRoles.role, 'Admin'));
    return [
      await ctx.createUser({ username: `admin-a${round}`, roles: ['Admin'] }),
      await ctx.createUser({ username: `admin-b${round}`, roles: ['Admin'] }),
    ];
  }

  const admins = async () =>
    (await ctx.db.select().from(userRoles).where(eq(userRoles.role, 'Admin'))).length;

  /** Admins who can act: role Admin, approved, active, not deleted (ADR 086). */
  const activeAdmins = async () =>
    (
      await ctx.db
        .select({ id: users.id })
        .from(userRoles)
        .innerJoin(users, and(eq(users.appId, userRoles.appId), eq(users.id, userRoles.userId)))
        .where(
          and(
            eq(userRoles.role, 'Admin'),
            eq(users.isActive, true),
            eq(users.isApproved, true),
            isNull(users.anonymizedAt),
          ),
        )
    ).length;

  const update = (as: CreatedUser, payload: Record<string, unknown>) =>
    ctx.request({ method: 'POST', url: '/api/applicationManager/user/update', as, payload });

  it('two Admins taking each other the role leave one Admin', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await twoAdmins(round);
      const answers = await Promise.all([
        ctx.request({
          method: 'POST',
          url: '/api/applicationManager/user/update',
          as: a,
          payload: { id: b.id, roles: [] },
        }),
        ctx.request({
          method: 'POST',
          url: '/api/applicationManager/user/update',
          as: b,
          payload: { id: a.id, roles: [] },
        }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await admins()).toBe(1);
    }
  });

  it('two Admins deleting each other leave one Admin', async () => {
    for (let round = 10; round < 15; round++) {
      const [a, b] = await twoAdmins(round);
      const answers = await Promise.all([
        ctx.request({ method: 'DELETE', url: `/api/applicationManager/user/${b.id}`, as: a }),
        ctx.request({ method: 'DELETE', url: `/api/applicationManager/user/${a.id}`, as: b }),
      ]);
      // The loser is refused: the last Admin (409), or already gone itself (401) when the other's delete
      // committed before its request was authenticated.
      expect(answers.filter((r) => r.statusCode === 204)).toHaveLength(1);
      expect(await admins()).toBe(1);
    }
  });

  // ADR 086: the Admins who can act are counted with their user and role rows locked; seen failing
  // with the lock removed (both deactivations answered 200 and the farm kept no active Admin).
  it('two Admins deactivating each other leave one active Admin', async () => {
    for (let round = 20; round < 30; round++) {
      const [a, b] = await twoAdmins(round);
      const answers = await Promise.all([
        update(a, { id: b.id, isActive: false }),
        update(b, { id: a.id, isActive: false }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
        error: { code: 'LAST_ADMIN' },
      });
      expect(await activeAdmins()).toBe(1);
    }
  });

  it('a deactivation and a role removal of the last two Admins at once leave one active Admin', async () => {
    for (let round = 30; round < 40; round++) {
      const [a, b] = await twoAdmins(round);
      const answers = await Promise.all([
        update(a, { id: b.id, isActive: false }),
        update(b, { id: a.id, roles: [] }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await activeAdmins()).toBe(1);
    }
  });
});
