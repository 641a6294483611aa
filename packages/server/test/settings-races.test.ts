import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, userSettingOverrides } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * A user override racing the deletion of its key (decision 081), on PostgreSQL only: PGlite runs one
 * statement at a time. ManageUserOverride locks the setting's row `for update` before it writes, so a
 * delete either waits and removes the new override with its key, or goes first and the override answers
 * 404. Seen failing with the lock removed (the setting read without `for update`): overrides of deleted
 * keys were left behind.
 */
describe.skipIf(!process.env.DATABASE_URL)('settings races (PostgreSQL)', () => {
  let ctx: TestContext;
  let manager: CreatedUser;
  let member: CreatedUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    manager = await ctx.createUser({ username: 'race-manager', roles: ['ApplicationManager'] });
    member = await ctx.createUser({ username: 'race-member' });
  });
  afterAll(() => ctx.close());

  it('never leaves an override of a deleted key', async () => {
    for (let round = 0; round < 15; round++) {
      const key = `race.k${round}`;
      await ctx.db.insert(settings).values({ appId: ctx.appId, key, value: 'farm', isPublic: true });
      const [override, removal] = await Promise.all([
        ctx.request({
          method: 'POST',
          url: '/api/applicationManager/Setting/ManageUserOverride',
          as: manager,
          payload: { userId: member.id, key, value: 'eigen' },
        }),
        ctx.request({ method: 'DELETE', url: `/api/applicationManager/Setting/${key}`, as: manager }),
      ]);
      expect([200, 404]).toContain(override.statusCode);
      expect(removal.statusCode).toBe(204);
      const left = await ctx.db.select().from(userSettingOverrides).where(eq(userSettingOverrides.key, key));
      expect(left, `round ${round}`).toEqual([]);
    }
  });
});
