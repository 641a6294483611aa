import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../src/db/schema/index.js';
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
});
