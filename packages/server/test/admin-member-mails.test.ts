import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMailResultSchema } from '@pluk/contract';
import { jobs, passwordResetTokens, users } from '../src/db/schema/index.js';
import { farmToday } from '../src/modules/bank/transactions/dates.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * The Admin's mails to every member (decision 084): the welcome e-mail again, once per member and farm
 * day; a password-reset link, not while the last one still works. Only active, approved members who were
 * not anonymised, of this farm only; the Admin asking gets no reset link.
 */

let ctx: TestContext;
let admin: CreatedUser;
let members: CreatedUser[];
let otherFarmMember: CreatedUser;
let manager: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'mail-admin', roles: ['Admin'] });
  members = [
    await ctx.createUser({ username: 'lid-een' }),
    await ctx.createUser({ username: 'lid-twee', roles: ['TaskManager'] }),
    (manager = await ctx.createUser({ username: 'mail-beheerder', roles: ['ApplicationManager'] })),
  ];
  await ctx.createUser({ username: 'wachtend', approved: false });
  await ctx.createUser({ username: 'gestopt', approved: true, active: false });
  const gone = await ctx.createUser({ username: 'gewist' });
  await ctx.db.update(users).set({ anonymizedAt: new Date() }).where(eq(users.id, gone.id));
  await ctx.createApp({ appId: 'buur', hosts: ['buur.test'] });
  otherFarmMember = await ctx.createUser({ appId: 'buur', username: 'buur-lid' });
});
afterAll(() => ctx.close());

const call = (action: 'ReSendWelcomeEmails' | 'ResetAllPasswords', as: { id: number; appId: string }) =>
  ctx.request({ method: 'GET', url: `/api/Admin/AdminAction/${action}`, as });

describe('ReSendWelcomeEmails', () => {
  it('mails every active, approved member once per farm day and answers the count', async () => {
    const first = await call('ReSendWelcomeEmails', admin);
    expect(first.statusCode, first.body).toBe(200);
    // The Admin and the three members; not the waiting, deactivated or anonymised accounts.
    expect(memberMailResultSchema.parse(first.json())).toEqual({ queued: 4, skipped: 0 });
    const keys = (
      await ctx.db
        .select({ key: jobs.idempotencyKey, payload: jobs.payload })
        .from(jobs)
        .where(like(jobs.idempotencyKey, 'welcome:farm:%'))
    ).map((row) => row.key);
    expect(keys.sort()).toEqual(
      [admin, ...members].map((user) => `welcome:farm:${user.id}:resend:${farmToday()}`).sort(),
    );
    const again = await call('ReSendWelcomeEmails', admin);
    expect(again.json()).toEqual({ queued: 0, skipped: 4 });
    expect(await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'welcome:%'))).toHaveLength(4);
    expect(await ctx.db.select().from(jobs).where(eq(jobs.appId, 'buur'))).toEqual([]);
  });

  it('is for an Admin only', async () => {
    expect((await call('ReSendWelcomeEmails', manager)).statusCode).toBe(403);
    expect((await call('ResetAllPasswords', manager)).statusCode).toBe(403);
  });
});

describe('ResetAllPasswords', () => {
  const openLinks = (userIds: number[]) =>
    ctx.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(and(inArray(passwordResetTokens.userId, userIds), isNull(passwordResetTokens.usedAt)));

  it('sends every member but the Admin a reset link, once while it works; passwords keep working', async () => {
    const first = await call('ResetAllPasswords', admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ queued: 3, skipped: 0 });
    expect((await openLinks(members.map((m) => m.id))).map((row) => row.userId).sort()).toEqual(
      members.map((m) => m.id).sort(),
    );
    expect(await openLinks([admin.id, otherFarmMember.id])).toEqual([]);
    const mails = await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'password-reset:farm:%'));
    expect(mails).toHaveLength(3);
    expect(mails.map((job) => (job.payload as { mail: { to: string } }).mail.to).sort()).toEqual(
      members.map((m) => m.email).sort(),
    );

    const again = await call('ResetAllPasswords', admin);
    expect(again.json()).toEqual({ queued: 0, skipped: 3 });
    expect(
      await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'password-reset:%')),
    ).toHaveLength(3);

    // A link that expired: that member gets a new one on the next click.
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, members[0]!.id));
    expect((await call('ResetAllPasswords', admin)).json()).toEqual({ queued: 1, skipped: 2 });

    // The current password still works until a new one is chosen.
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: members[0]!.username, password: members[0]!.password },
    });
    expect(login.statusCode).toBe(200);
  });
});
