import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenData } from '@pluk/contract';
import { passwordResetTokens, users } from '../src/db/schema/index.js';
import { hashToken } from '../src/lib/tokens.js';
import { AuthUserCache } from '../src/modules/auth/auth-user-cache.js';
import { changeUserAccess } from '../src/modules/users/access.js';
import type { AuthUser } from '../src/types.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

// The signed-in user is cached for a few seconds (ADR 046); every change of access must still be seen by
// the very next request. Each test first warms the cache with a request, then changes, then asks again.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function login(username: string, password: string): Promise<TokenData> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return json<TokenData>(response);
}

const me = (token: string) => ctx.request({ method: 'GET', url: '/api/User', as: token });
const members = (token: string) => ctx.request({ method: 'GET', url: '/api/User/Members', as: token });

describe('the cached signed-in user', () => {
  it('is cached: a change written around the service is not seen until the entry expires', async () => {
    const user = await ctx.createUser({ username: uniqueName('cached') });
    const { token } = await login(user.username, user.password);
    expect((await members(token)).statusCode).toBe(200);
    // A raw write that does not forget: the cache answers (this is why every write goes through
    // changeUserAccess or calls app.authUsers.forget).
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await members(token)).statusCode).toBe(200);
    ctx.app.authUsers.forget(user.id);
    // Deactivated: its token stops working (decision 055).
    expect((await members(token)).statusCode).toBe(401);
  });

  it('refuses the very next request after logout', async () => {
    const user = await ctx.createUser({ username: uniqueName('logout') });
    const session = await login(user.username, user.password);
    expect((await me(session.token)).statusCode).toBe(200);
    await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect((await me(session.token)).statusCode).toBe(401);
  });

  it('refuses the very next request after a role removal, a deactivation and an unapproval', async () => {
    const manager = await ctx.createUser({ username: uniqueName('mgr'), roles: ['ApplicationManager'] });
    const { token } = await login(manager.username, manager.password);
    const paged = () =>
      ctx.request({ method: 'POST', url: '/api/applicationManager/user/paged', as: token, payload: {} });
    expect((await paged()).statusCode).toBe(200);
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { roles: [] });
    expect((await paged()).statusCode).toBe(403);

    expect((await members(token)).statusCode).toBe(200);
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { isActive: false });
    expect(json(await members(token))).toMatchObject({ error: { code: 'ACCOUNT_INACTIVE' } });

    await changeUserAccess(ctx.app, ctx.appId, manager.id, { isActive: true });
    expect((await members(token)).statusCode).toBe(200);
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { isApproved: false });
    expect((await members(token)).statusCode).toBe(403);
  });

  it('lets an approved user in at the very next request', async () => {
    const admin = await ctx.createUser({ username: uniqueName('adm'), roles: ['Admin'] });
    const waiting = await ctx.createUser({ username: uniqueName('wacht'), approved: false });
    const { token } = await login(waiting.username, waiting.password);
    expect((await members(token)).statusCode).toBe(403);
    const approved = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: admin,
      payload: { userId: waiting.id },
    });
    expect(approved.statusCode).toBe(200);
    expect((await members(token)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change, and every session after a reset', async () => {
    const user = await ctx.createUser({ username: uniqueName('pw') });
    const thief = await login(user.username, user.password);
    const owner = await login(user.username, user.password);
    expect((await me(thief.token)).statusCode).toBe(200);
    const change = await ctx.request({
      method: 'POST',
      url: '/api/user/ChangePassword',
      as: owner.token,
      payload: { currentPassword: user.password, newPassword: 'een-nieuw-wachtwoord' },
    });
    expect(change.statusCode).toBe(204);
    expect((await me(thief.token)).statusCode).toBe(401);
    expect((await me(owner.token)).statusCode).toBe(200);

    const resetToken = 'a-reset-token-for-the-cache-test';
    await ctx.db.insert(passwordResetTokens).values({
      appId: ctx.appId,
      userId: user.id,
      tokenHash: hashToken(resetToken),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { userId: user.id, token: resetToken, password: 'nog-een-nieuw-wachtwoord' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await me(owner.token)).statusCode).toBe(401);
  });

  it('refuses the very next request after a refresh-token reuse revoked the session', async () => {
    const user = await ctx.createUser({ username: uniqueName('reuse') });
    const session = await login(user.username, user.password);
    const refresh = () =>
      ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: session }).then((r) => json(r));
    const rotated = (await refresh()) as TokenData;
    expect((await me(rotated.token)).statusCode).toBe(200);
    expect(await refresh()).toHaveProperty('errors');
    expect((await me(rotated.token)).statusCode).toBe(401);
  });
});

describe('AuthUserCache', () => {
  const user = (id: number): AuthUser => ({
    id,
    appId: 'farm',
    username: `u${id}`,
    isApproved: true,
    isActive: true,
    roles: [],
  });

  it('holds at most maxEntries, oldest out, and expires after its TTL', async () => {
    const cache = new AuthUserCache(50, 3);
    for (const id of [1, 2, 3, 4]) await cache.load(`k${id}`, async () => user(id));
    expect(cache.size).toBe(3);
    let loads = 0;
    const counted = (id: number) => async () => (loads++, user(id));
    await cache.load('k1', counted(1));
    expect(loads).toBe(1);
    await cache.load('k4', counted(4));
    expect(loads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await cache.load('k4', counted(4));
    expect(loads).toBe(2);
  });

  it('does not keep a load that raced with a forget (the old state never comes back)', async () => {
    const cache = new AuthUserCache();
    let release!: () => void;
    const slow = cache.load(
      'k1',
      () => new Promise<AuthUser>((resolve) => (release = () => resolve(user(1)))),
    );
    cache.forget(1);
    release();
    await slow;
    expect(cache.size).toBe(0);
  });
});

describe('every write of access forgets the cached user', () => {
  // Writes that change who may do what: roles, approval, activity, revoked sessions.
  const accessWrites = [
    /\.(insert|delete)\(userRoles\)/,
    /\.update\(users\)\s*\.set\(\{[^}]*\bis(Approved|Active)\b/,
    /revokeUserTokens\(|revokeFamily\(/,
  ];
  const srcDir = join(import.meta.dirname, '../src/modules');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });

  // Through `caches.usersChanged`, which forgets here and tells every other process (ADR 099).
  it('finds caches.usersChanged in every module file that writes access (definitions excepted)', () => {
    const offenders = files(srcDir).filter((path) => {
      const text = readFileSync(path, 'utf8');
      if (path.endsWith('refresh-tokens.ts')) return false; // where revokeFamily/revokeUserTokens live
      return accessWrites.some((pattern) => pattern.test(text)) && !text.includes('caches.usersChanged(');
    });
    expect(offenders.map((path) => relative(srcDir, path))).toEqual([]);
  });
});
