import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefreshResponse, TokenData } from '@pluk/contract';
import { refreshTokens, users } from '../src/db/schema/index.js';
import { signJwt } from '../src/lib/jwt.js';
import { createTestContext, json, testConfig, type TestContext, uniqueName } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const registration = (username: string) => ({
  username,
  email: `${username}@example.test`,
  password: 'een-goed-wachtwoord',
  firstName: 'Jan',
  lastName: 'Peeters',
  phone: '+32 470 12 34 56',
  address: { street: 'Dorpsstraat', number: '1', postalCode: '9000', city: 'Gent' },
  householdMembers: [
    { name: 'Els Peeters', yearOfBirth: 1985, isAdult: true },
    { name: 'Mats Peeters', yearOfBirth: 2015, isAdult: false },
  ],
  customQuestionAnswer: 'Omdat ik graag pluk',
});

async function login(username: string, password: string): Promise<TokenData> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return json<TokenData>(response);
}

async function refresh(tokens: TokenData): Promise<RefreshResponse> {
  const response = await ctx.request({ method: 'POST', url: '/api/auth/RefreshLogin', payload: tokens });
  expect(response.statusCode).toBe(200);
  return json<RefreshResponse>(response);
}

describe('register → waiting list → approve → login', () => {
  it('walks the whole journey', async () => {
    const username = uniqueName('jan');
    const registered = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration(username),
    });
    expect(registered.statusCode).toBe(201);
    expect(json(registered)).toEqual({ status: 'waiting' });

    // Unapproved users can log in and read their account, but every member call is refused.
    const tokens = await login(username, 'een-goed-wachtwoord');
    const [created] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const userId = created!.id;
    const account = await ctx.request({ method: 'GET', url: '/api/User', as: tokens.token });
    expect(account.statusCode).toBe(200);
    expect(json(account)).toMatchObject({
      id: userId,
      username,
      isApproved: false,
      isActive: false,
      roles: [],
      customQuestionAnswer: 'Omdat ik graag pluk',
      contactData: { phone: '+32 470 12 34 56', address: { city: 'Gent', number: '1' } },
      memberShip: {
        members: [
          { name: 'Jan Peeters', isAdult: true, yearOfBirth: null, isHolder: true },
          { name: 'Els Peeters', isAdult: true, yearOfBirth: 1985 },
          { name: 'Mats Peeters', isAdult: false, yearOfBirth: 2015 },
        ],
      },
    });
    const refused = await ctx.request({ method: 'GET', url: '/api/User/Members', as: tokens.token });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ error: { code: 'ACCOUNT_NOT_APPROVED' } });

    // A manager finds the user on the waiting list and approves it.
    const manager = await ctx.createUser({ username: uniqueName('manager'), roles: ['ApplicationManager'] });
    const waiting = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: manager,
      payload: { page: 1, rowsPerPage: 50, isApproved: false, filter: username },
    });
    expect(json<{ items: { id: number }[] }>(waiting).items.map((u) => u.id)).toEqual([userId]);
    const approved = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: manager,
      payload: { userId },
    });
    expect(approved.statusCode).toBe(200);
    expect(json(approved)).toMatchObject({ id: userId, isApproved: true, isActive: true, householdSize: 3 });

    // The same token now passes member checks: approval is read fresh on every request.
    const members = await ctx.request({ method: 'GET', url: '/api/User/Members', as: tokens.token });
    expect(members.statusCode).toBe(200);
    expect(json<unknown[]>(members)).toHaveLength(3);
  });

  it('refuses taken usernames, case-insensitively; a taken e-mail gets the same answer as a new one', async () => {
    const username = uniqueName('dup');
    expect(
      (await ctx.request({ method: 'POST', url: '/api/auth/register', payload: registration(username) }))
        .statusCode,
    ).toBe(201);
    const sameName = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration(username.toUpperCase()), email: `other-${username}@example.test` },
    });
    expect(sameName.statusCode).toBe(409);
    expect(json(sameName)).toMatchObject({
      error: { code: 'USERNAME_TAKEN', fields: { username: expect.any(String) } },
    });
    const sameEmail = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...registration(`${username}b`), email: `${username.toUpperCase()}@EXAMPLE.test` },
    });
    expect(sameEmail.statusCode).toBe(201);
    expect(json(sameEmail)).toEqual({ status: 'waiting' });
    // No second account was made with the address.
    const withAddress = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${`${username}@example.test`.toLowerCase()}`);
    expect(withAddress).toHaveLength(1);
  });

  it('registers with only the required fields', async () => {
    const username = uniqueName('min');
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username,
        email: `${username}@example.test`,
        password: 'wachtwoord123',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(response.statusCode).toBe(201);
  });

  it('says whether a username is available', async () => {
    const taken = await ctx.createUser({ username: uniqueName('Taken') });
    const check = async (name: string) =>
      json<{ available: boolean }>(
        await ctx.request({ method: 'GET', url: `/api/auth/validateUsername/${name}` }),
      ).available;
    expect(await check(taken.username)).toBe(false);
    expect(await check(taken.username.toLowerCase())).toBe(false);
    expect(await check(uniqueName('free'))).toBe(true);
  });
});

describe('login', () => {
  it('accepts username or e-mail in any case, and refuses wrong passwords and unknown users alike', async () => {
    const user = await ctx.createUser({ username: uniqueName('Login'), password: 'geheim-wachtwoord' });
    await login(user.username.toUpperCase(), 'geheim-wachtwoord');
    await login(user.email.toUpperCase(), 'geheim-wachtwoord');
    for (const payload of [
      { username: user.username, password: 'fout-wachtwoord' },
      { username: 'niemand-hier', password: 'geheim-wachtwoord' },
    ]) {
      const response = await ctx.request({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ error: { code: 'INVALID_CREDENTIALS' } });
    }
  });

  it('gives a token of this app only: a user of another app cannot log in here', async () => {
    const other = await ctx.createApp({ appId: 'login-other', hosts: ['login-other.test'] });
    const stranger = await ctx.createUser({ appId: other.appId, username: uniqueName('stranger') });
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: stranger.username, password: stranger.password },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers 401 UNAUTHORIZED for missing, malformed, forged and expired tokens', async () => {
    const user = await ctx.createUser({ username: uniqueName('tok') });
    const now = Math.floor(Date.now() / 1000);
    const secret = testConfig().jwtSecret ?? '';
    const expired = signJwt({ sub: user.id, app: ctx.appId, iat: now - 1000, exp: now - 1 }, secret);
    const forged = signJwt(
      { sub: user.id, app: ctx.appId, iat: now, exp: now + 900 },
      'another-secret-another-secret-xx',
    );
    for (const token of [undefined, 'garbage', forged, expired]) {
      const response = await ctx.request({
        method: 'GET',
        url: '/api/User',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    const valid = signJwt({ sub: user.id, app: ctx.appId, iat: now, exp: now + 60 }, secret);
    expect((await ctx.request({ method: 'GET', url: '/api/User', as: valid })).statusCode).toBe(200);
  });

  it('expires after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const user = await ctx.createUser({ username: uniqueName('ttl') });
    const issuedLongAgo = ctx.app.accessTokens.issue(user, undefined, Math.floor(Date.now() / 1000) - 901);
    expect(ctx.app.accessTokens.ttlSeconds).toBe(900);
    expect((await ctx.request({ method: 'GET', url: '/api/User', as: issuedLongAgo })).statusCode).toBe(401);
  });

  it('stops working when the user is deleted', async () => {
    const user = await ctx.createUser({ username: uniqueName('gone') });
    const token = ctx.tokenFor(user);
    await ctx.db.delete(users).where(eq(users.id, user.id));
    expect((await ctx.request({ method: 'GET', url: '/api/User', as: token })).statusCode).toBe(401);
  });
});

describe('RefreshLogin', () => {
  it('rotates: each refresh token works once and gives a new pair', async () => {
    const user = await ctx.createUser({ username: uniqueName('rot') });
    const first = await login(user.username, user.password);
    const second = await refresh(first);
    expect(second.errors).toBeUndefined();
    expect(second.token).toBeTruthy();
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await ctx.request({ method: 'GET', url: '/api/User', as: second.token ?? '' })).statusCode).toBe(
      200,
    );
    const third = await refresh({ token: second.token ?? '', refreshToken: second.refreshToken ?? '' });
    expect(third.errors).toBeUndefined();
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const user = await ctx.createUser({ username: uniqueName('reuse') });
    const first = await login(user.username, user.password);
    const second = await refresh(first);
    // An attacker replays the first (used) token: refused, and the family is revoked...
    const replay = await refresh(first);
    expect(replay.errors?.length).toBeGreaterThan(0);
    expect(replay.token).toBeUndefined();
    // ...so the legitimate newest token no longer works either.
    const afterRevoke = await refresh({ token: second.token ?? '', refreshToken: second.refreshToken ?? '' });
    expect(afterRevoke.errors?.length).toBeGreaterThan(0);
    // Another session of the same user is untouched.
    const otherSession = await login(user.username, user.password);
    expect((await refresh(otherSession)).errors).toBeUndefined();
  });

  it("answers errors for unknown and expired refresh tokens, and for another user's access token", async () => {
    expect((await refresh({ token: '', refreshToken: 'unknown-token' })).errors?.length).toBeGreaterThan(0);
    const user = await ctx.createUser({ username: uniqueName('exp') });
    const tokens = await login(user.username, user.password);
    await ctx.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(refreshTokens.userId, user.id));
    expect((await refresh(tokens)).errors?.length).toBeGreaterThan(0);

    const other = await ctx.createUser({ username: uniqueName('exp2') });
    const mine = await login(user.username, user.password);
    const theirs = ctx.tokenFor(other);
    expect(
      (await refresh({ token: theirs, refreshToken: mine.refreshToken })).errors?.length,
    ).toBeGreaterThan(0);
  });

  it('never accepts a refresh token at another app', async () => {
    await ctx.createApp({ appId: 'refresh-other', hosts: ['refresh-other.test'] });
    const user = await ctx.createUser({ username: uniqueName('cross') });
    const tokens = await login(user.username, user.password);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/RefreshLogin',
      headers: { host: 'refresh-other.test' },
      payload: tokens,
    });
    expect(json<RefreshResponse>(response).errors?.length).toBeGreaterThan(0);
  });
});

describe('logout', () => {
  it('revokes the refresh token, and answers 204 even for unknown or missing tokens', async () => {
    const user = await ctx.createUser({ username: uniqueName('bye') });
    const tokens = await login(user.username, user.password);
    const out = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await refresh(tokens)).errors?.length).toBeGreaterThan(0);
    const revoked = await ctx.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id)));
    expect(revoked.every((r) => r.revokedAt !== null)).toBe(true);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken: 'nope' } }))
        .statusCode,
    ).toBe(204);
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(
      204,
    );
    expect((await ctx.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});
