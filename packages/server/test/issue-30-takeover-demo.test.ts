import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '@pluk/contract';
import { passwordResetTokens, users } from '../src/db/schema/index.js';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The takeover decision 086 answers, as it was first reported, on the demo farm (De Plukhoeve, the server's default farm): `beheerder`
 * (ApplicationManager) tried to take the `admin` account over and to lock it out (ADR 086).
 */
let ctx: TestContext;
const host = { host: 'localhost:3000' };
const message = 'Je kan geen account beheren met een rol die jij niet hebt.';

beforeAll(async () => {
  ctx = await createTestContext({ withDefaultApp: false });
  await seedDemo(ctx.db);
});
afterAll(() => ctx.close());

async function token(username: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: host,
    payload: { username, password: demoPassword },
  });
  expect(response.statusCode, username).toBe(200);
  return json<TokenData>(response).token;
}

describe('an ApplicationManager taking over the Admin, on the demo farm (decision 086)', () => {
  it('refuses the takeover at its first step and the lock-out, with the Dutch reason', async () => {
    const beheerder = await token('beheerder');
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toBeTruthy();
    const step1 = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: beheerder,
      headers: host,
      payload: { id: admin!.id, email: 'someone@elsewhere.example' },
    });
    expect(step1.statusCode).toBe(403);
    expect(json(step1)).toEqual({ error: { code: 'ACCOUNT_ABOVE_YOURS', message } });
    const step2 = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/User/ResetPassword/${admin!.id}`,
      as: beheerder,
      headers: host,
    });
    expect(step2.statusCode).toBe(403);
    expect(
      await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, admin!.id)),
    ).toEqual([]);
    const lockOut = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/update',
      as: beheerder,
      headers: host,
      payload: { id: admin!.id, isActive: false },
    });
    expect(lockOut.statusCode).toBe(403);
    expect(json(lockOut)).toEqual({ error: { code: 'ACCOUNT_ABOVE_YOURS', message } });

    const [after] = await ctx.db.select().from(users).where(eq(users.id, admin!.id));
    expect(after).toMatchObject({ email: admin!.email, isActive: true });
    const me = await ctx.request({
      method: 'GET',
      url: '/api/User',
      as: await token('admin'),
      headers: host,
    });
    expect(json(me)).toMatchObject({ username: 'admin', roles: ['Admin'] });
  });
});
