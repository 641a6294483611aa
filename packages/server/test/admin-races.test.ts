import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHosts, apps, jobs, passwordResetTokens } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { newFarmFields, postNewFarm } from './helpers/admin.js';
import { codeOf } from './helpers/bank-core.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * The Admin's races (decision 084), on PostgreSQL only: PGlite runs one statement at a time. Two
 * createApp calls for the same app id or host both pass the early check and both write; the unique
 * index lets one commit and the other is answered 409 APP_ID_TAKEN/HOST_TAKEN with its Dutch message.
 * Seen failing with the service's catch of the unique violation removed: the loser then answered the
 * generic 409 CONFLICT. Two ResetAllPasswords at once: the members' rows are locked `for update`, so the
 * second waits and then finds every link still working: one link and one e-mail per member. Seen failing
 * with the lock removed: both calls made a link for every member.
 */
describe.skipIf(!process.env.DATABASE_URL)('admin races (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: CreatedUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.createUser({ username: 'race-admin', roles: ['Admin'] });
  });
  afterAll(() => ctx?.close());

  it('two createApp with the same app id at once: one farm, the other 409 APP_ID_TAKEN', async () => {
    const answers = await Promise.all([
      postNewFarm(ctx, admin, newFarmFields('tweeling', { hosts: 'tweeling-a.test' })),
      postNewFarm(ctx, admin, newFarmFields('tweeling', { hosts: 'tweeling-b.test' })),
    ]);
    expect(answers.map(codeOf).sort()).toEqual(['APP_ID_TAKEN', 'OK']);
    expect(await ctx.db.select().from(apps).where(eq(apps.appId, 'tweeling'))).toHaveLength(1);
    expect(await ctx.db.select().from(appHosts).where(like(appHosts.host, 'tweeling-%'))).toHaveLength(1);
  });

  it('two createApp with the same host at once: one farm, the other 409 HOST_TAKEN', async () => {
    const answers = await Promise.all([
      postNewFarm(ctx, admin, newFarmFields('gastheer-a', { hosts: 'gastheer.test' })),
      postNewFarm(ctx, admin, newFarmFields('gastheer-b', { hosts: 'gastheer.test' })),
    ]);
    expect(answers.map(codeOf).sort()).toEqual(['HOST_TAKEN', 'OK']);
    const loser = answers.find((answer) => answer.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ error: { fields: { hosts: /hostnaam/ } } });
    expect(
      await ctx.db
        .select()
        .from(apps)
        .where(inArray(apps.appId, ['gastheer-a', 'gastheer-b'])),
    ).toHaveLength(1);
  });

  it('two ResetAllPasswords at once: one link and one e-mail per member', async () => {
    const members = [];
    for (let i = 0; i < 12; i += 1) members.push(await ctx.createUser({ username: `race-lid-${i}` }));
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        ctx.request({ method: 'GET', url: '/api/Admin/AdminAction/ResetAllPasswords', as: admin }),
      ),
    );
    const queued = answers.map((answer) => (answer.json() as { queued: number }).queued);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(members.length);
    const links = await ctx.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        inArray(
          passwordResetTokens.userId,
          members.map((m) => m.id),
        ),
      );
    expect(links).toHaveLength(members.length);
    expect(
      await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'password-reset:farm:%')),
    ).toHaveLength(members.length);
  });
});
