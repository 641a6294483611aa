import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResponse, TokenData } from '@pluk/contract';
import { changeUserAccess } from '../src/modules/users/access.js';
import { signJwt } from '../src/lib/jwt.js';
import { createTestContext, json, testConfig, uniqueName, type TestContext } from './helpers/test-app.js';

// Attacks on access and refresh tokens: forged headers, other apps, stale users, replay races.
let ctx: TestContext;
const secret = testConfig().jwtSecret ?? '';
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createApp({ appId: 'other', name: 'Andere hoeve', hosts: ['other.test'] });
});
afterAll(() => ctx.close());

const b64 = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

async function login(username: string, password: string): Promise<TokenData> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return json<TokenData>(response);
}

const refresh = async (tokens: { token: string; refreshToken: string }) =>
  json<RefreshResponse>(
    await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: tokens }),
  );

const me = (token: string, headers: Record<string, string> = {}) =>
  ctx.request({ method: 'GET', url: '/api/User', headers: { authorization: `Bearer ${token}`, ...headers } });

describe('forged access tokens', () => {
  it('refuses alg none, a switched alg, a stripped or tampered signature and garbage headers', async () => {
    const user = await ctx.createUser({ username: uniqueName('jwt') });
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: user.id, app: ctx.appId, iat: now, exp: now + 600 };
    const valid = signJwt(claims, secret);
    const [head, payload] = valid.split('.') as [string, string, string];
    const hmac = (input: string, alg: 'sha256' | 'sha512' = 'sha256') =>
      createHmac(alg, secret).update(input).digest('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const noneUpper = `${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.`;
    const hs512Head = b64({ alg: 'HS512', typ: 'JWT' });
    const hs512 = `${hs512Head}.${payload}.${hmac(`${hs512Head}.${payload}`, 'sha512')}`;
    // A header with the same alg but other bytes, signed correctly, is still not our header.
    const reordered = b64({ typ: 'JWT', alg: 'HS256' });
    const otherHeader = `${reordered}.${payload}.${hmac(`${reordered}.${payload}`)}`;
    const elevated = b64({ ...claims, sub: user.id + 1000 });
    const tampered = `${head}.${elevated}.${valid.split('.')[2]}`;
    const stripped = `${head}.${payload}.`;
    const twoParts = `${head}.${payload}`;
    for (const token of [none, noneUpper, hs512, otherHeader, tampered, stripped, twoParts]) {
      const response = await me(token);
      expect(response.statusCode, token).toBe(401);
      expect(json(response)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    for (const authorization of [
      `Bearer ${'a'.repeat(8000)}`,
      `Bearer ${valid} extra`,
      `Basic ${valid}`,
      'Bearer',
      `Bearer ${'.'.repeat(3000)}`,
      `Bearer ${valid}\u0000`,
    ]) {
      const response = await ctx.request({ method: 'GET', url: '/api/User', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 30)).toBe(401);
    }
    expect((await me(valid)).statusCode).toBe(200);
  });

  it('refuses a valid token of another app, even where the same user id exists', async () => {
    const here = await ctx.createUser({ username: uniqueName('here') });
    const tokenThere = ctx.tokenFor({ id: here.id, appId: 'other' });
    expect((await me(tokenThere)).statusCode).toBe(401);
    // And a token of this app presented at the other app's host.
    expect((await me(ctx.tokenFor(here), { host: 'other.test' })).statusCode).toBe(401);
  });

  it('reads the user fresh: deactivated, unapproved and de-roled users lose access with the same token', async () => {
    const manager = await ctx.createUser({ username: uniqueName('mgr'), roles: ['ApplicationManager'] });
    const token = ctx.tokenFor(manager);
    const paged = () =>
      ctx.request({ method: 'POST', url: '/api/applicationManager/user/paged', as: token, payload: {} });
    expect((await paged()).statusCode).toBe(200);
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { roles: [] });
    expect((await paged()).statusCode).toBe(403);
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { isActive: false });
    const inactive = await ctx.request({ method: 'GET', url: '/api/User/Members', as: token });
    expect(inactive.statusCode).toBe(401);
    expect(json(inactive)).toMatchObject({ error: { code: 'ACCOUNT_INACTIVE' } });
    // Deactivated: not even its own account (ADR 055).
    expect((await me(token)).statusCode).toBe(401);
    // Unapproved (waiting) instead: GET User stays open (the waiting page needs it) with the fresh state.
    await changeUserAccess(ctx.app, ctx.appId, manager.id, { isActive: false, isApproved: false });
    const account = await me(token);
    expect(json(account)).toMatchObject({ roles: [], isActive: false, isApproved: false });
  });
});

describe('refresh token attacks', () => {
  it('lets at most one of two concurrent refreshes with one token win, and then revokes the family', async () => {
    for (let round = 0; round < 8; round++) {
      const user = await ctx.createUser({ username: uniqueName('race') });
      const tokens = await login(user.username, user.password);
      const results = await Promise.all([refresh(tokens), refresh(tokens), refresh(tokens)]);
      const winners = results.filter((r) => r.refreshToken !== undefined);
      expect(winners.length, `round ${round}`).toBeLessThanOrEqual(1);
      // The others were a reuse: the family is revoked, including the token the winner just got.
      for (const winner of winners) {
        const next = await refresh({ token: winner.token ?? '', refreshToken: winner.refreshToken ?? '' });
        expect(next.errors?.length, `round ${round}: winner's token survived the revocation`).toBeGreaterThan(
          0,
        );
      }
    }
  });

  it('refuses a refresh token after logout and at another app', async () => {
    const user = await ctx.createUser({ username: uniqueName('out') });
    const tokens = await login(user.username, user.password);
    const atOther = await ctx.request({
      method: 'POST',
      url: '/api/auth/RefreshLogin',
      headers: { host: 'other.test' },
      payload: tokens,
    });
    expect(json<RefreshResponse>(atOther).errors?.length).toBeGreaterThan(0);
    // Logging out at the other app's host does not touch this app's session either.
    await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'other.test' },
      payload: { refreshToken: tokens.refreshToken },
    });
    const still = await refresh(tokens);
    expect(still.errors).toBeUndefined();
    await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: still.refreshToken },
    });
    const after = await refresh({ token: still.token ?? '', refreshToken: still.refreshToken ?? '' });
    expect(after.errors?.length).toBeGreaterThan(0);
  });
});

describe('access tokens of ended sessions', () => {
  it('stop working at once after logout, a password change elsewhere and a password reset', async () => {
    const user = await ctx.createUser({ username: uniqueName('ended') });
    const a = await login(user.username, user.password);
    expect((await me(a.token)).statusCode).toBe(200);
    await ctx.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: a.refreshToken } });
    expect((await me(a.token)).statusCode).toBe(401);

    const thief = await login(user.username, user.password);
    const owner = await login(user.username, user.password);
    const change = await ctx.request({
      method: 'POST',
      url: '/api/user/ChangePassword',
      as: owner.token,
      payload: { currentPassword: user.password, newPassword: 'een-nieuw-wachtwoord' },
    });
    expect(change.statusCode).toBe(204);
    expect((await me(thief.token)).statusCode).toBe(401);
    expect((await me(owner.token)).statusCode).toBe(200);
    // A rotated session stays valid: its newest token is not revoked.
    const rotated = await refresh(owner);
    expect((await me(rotated.token ?? '')).statusCode).toBe(200);
    expect((await me(owner.token)).statusCode).toBe(200);
  });
});
