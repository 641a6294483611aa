import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/db/schema/index.js';
import { hashToken, randomToken } from '../src/lib/tokens.js';
import { clientKey, CredentialFailures } from '../src/plugins/credential-failures.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

// Defaults for accounts (10 failures per account and client), a low attack threshold to reach in a
// test, and the per-client limit out of the way; `strict` has a low per-client limit of its own.
let ctx: TestContext;
let strict: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      rateLimit: {
        authPerMinute: 1_000,
        accountPer15Minutes: 10,
        accountAttackPer15Minutes: 30,
        feedPerMinute: 30,
      },
    },
  });
  strict = await createTestContext({
    config: {
      rateLimit: {
        authPerMinute: 5,
        accountPer15Minutes: 3,
        accountAttackPer15Minutes: 100,
        feedPerMinute: 100,
      },
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await strict.close();
});

const login = (username: string, password: string, ip: string, on = ctx) =>
  on.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { host: 'farm.test' },
    payload: { username, password },
  });
const wrong = 'fout-wachtwoord';

async function statuses(count: number, attempt: (i: number) => Promise<{ statusCode: number }>) {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await attempt(i)).statusCode);
  return result;
}

describe('lockout: failed attempts count per account and client (ADR 047)', () => {
  it("lets the member in from its own client after a stranger's 12 wrong passwords", async () => {
    const member = await ctx.createUser({ username: uniqueName('lid') });
    const stranger = await statuses(12, () => login(member.username, wrong, '203.0.113.7'));
    expect(stranger).toEqual([...Array<number>(10).fill(401), 429, 429]);
    // The stranger is stopped even when it now guesses right.
    const right = await login(member.username, member.password, '203.0.113.7');
    expect(right.statusCode).toBe(429);
    expect(json(right)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    // The member, from home, logs in at once; a mistyped password there does not matter either.
    expect((await login(member.username, wrong, '198.51.100.20')).statusCode).toBe(401);
    expect((await login(member.username, member.password, '198.51.100.20')).statusCode).toBe(200);
    // By e-mail address as well: one account, whatever name it is reached by.
    expect((await login(member.email.toUpperCase(), member.password, '198.51.100.21')).statusCode).toBe(200);
  });

  it('stops one client guessing, across the spellings of one account, but not on other accounts', async () => {
    const member = await ctx.createUser({ username: uniqueName('doel') });
    const ip = '203.0.113.50';
    const guesses = await statuses(11, (i) =>
      login(i % 2 === 0 ? member.username : member.email, `${wrong}-${i}`, ip),
    );
    expect(guesses).toEqual([...Array<number>(10).fill(401), 429]);
    expect((await login(member.username.toUpperCase(), wrong, ip)).statusCode).toBe(429);
    // Unknown names are counted the same way (no hint which names exist).
    const ghost = await statuses(11, () => login('bestaat-niet', wrong, ip));
    expect(ghost.at(-1)).toBe(429);
    const other = await ctx.createUser({ username: uniqueName('ander') });
    expect((await login(other.username, other.password, ip)).statusCode).toBe(200);
  });

  it('counts only failures: right passwords never add up, and a success clears that client', async () => {
    const member = await ctx.createUser({ username: uniqueName('trouw') });
    const ip = '203.0.113.80';
    expect(await statuses(15, () => login(member.username, member.password, ip))).toEqual(
      Array<number>(15).fill(200),
    );
    expect(await statuses(9, () => login(member.username, wrong, ip))).toEqual(Array<number>(9).fill(401));
    expect((await login(member.username, member.password, ip)).statusCode).toBe(200);
    // After the success, this client has its full ten again.
    expect(await statuses(10, () => login(member.username, wrong, ip))).toEqual(Array<number>(10).fill(401));
    expect((await login(member.username, wrong, ip)).statusCode).toBe(429);
  });

  it('does not let a burst of parallel guesses past the limit while passwords are being checked', async () => {
    const member = await ctx.createUser({ username: uniqueName('burst') });
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => login(member.username, wrong, '203.0.113.90')),
    );
    const codes = burst.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(10);
    expect(codes.filter((code) => code === 429)).toHaveLength(15);
  });

  it('locks the account for everyone once many clients together fail on it (a distributed attack)', async () => {
    const member = await ctx.createUser({ username: uniqueName('doelwit') });
    // Six clients, five wrong passwords each: 30 failures from 6 clients reach the attack threshold.
    for (let client = 1; client <= 6; client++) {
      const codes = await statuses(5, () => login(member.username, wrong, `192.0.2.${client}`));
      expect(codes).toEqual(Array<number>(5).fill(401));
    }
    const locked = await login(member.username, member.password, '198.51.100.77');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Other accounts are not touched.
    const other = await ctx.createUser({ username: uniqueName('buur') });
    expect((await login(other.username, other.password, '198.51.100.77')).statusCode).toBe(200);
  });

  it('takes the client from X-Forwarded-For behind a trusted proxy', async () => {
    const proxied = await createTestContext({
      config: {
        trustProxy: true,
        rateLimit: {
          authPerMinute: 1_000,
          accountPer15Minutes: 2,
          accountAttackPer15Minutes: 100,
          feedPerMinute: 100,
        },
      },
    });
    try {
      const member = await proxied.createUser({ username: uniqueName('proxy') });
      const via = (ip: string, password: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.1',
          headers: { host: 'farm.test', 'x-forwarded-for': ip },
          payload: { username: member.username, password },
        });
      expect(await statuses(3, () => via('203.0.113.1', wrong))).toEqual([401, 401, 429]);
      expect((await via('203.0.113.2', member.password)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('password reset and refresh stay protected against grinding', () => {
  it('counts wrong reset links per client over all user ids; a valid link always gets through', async () => {
    const member = await ctx.createUser({ username: uniqueName('reset') });
    const other = await ctx.createUser({ username: uniqueName('reset') });
    // The member's own, valid link (as the e-mail would carry it).
    const token = randomToken();
    await ctx.db.insert(passwordResetTokens).values({
      appId: ctx.appId,
      userId: member.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = (userId: number, guess: string, ip: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/resetPassword',
        remoteAddress: ip,
        headers: { host: 'farm.test' },
        payload: { userId, token: guess, password: 'een-nieuw-wachtwoord' },
      });
    // A stranger names the member's (sequential) id with made-up tokens: stopped after 10 failures …
    const codes = await statuses(11, (i) => reset(member.id, `geraden-token-${i}`, '203.0.113.120'));
    expect(codes).toEqual([...Array<number>(10).fill(400), 429]);
    // … also when switching to another user id: the count is per client, not per user id.
    expect((await reset(other.id, 'nog-een-gok', '203.0.113.120')).statusCode).toBe(429);
    // Another client is still heard.
    expect((await reset(member.id, 'nog-een-gok', '198.51.100.120')).statusCode).toBe(400);
    // The member's valid link works, even from the stranger's (shared, NAT) address …
    expect((await reset(member.id, token, '203.0.113.120')).statusCode).toBe(204);
    // … and using it does not wipe that client's failed guesses.
    expect((await reset(other.id, 'weer-een-gok', '203.0.113.120')).statusCode).toBe(429);
  });

  it('stops one client sending refresh tokens that do not exist', async () => {
    const refresh = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/RefreshLogin',
        remoteAddress: '203.0.113.130',
        headers: { host: 'farm.test' },
        payload: { token: '', refreshToken: `geraden-refresh-token-${i}` },
      });
    const codes = await statuses(11, refresh);
    expect(codes).toEqual([...Array<number>(10).fill(200), 429]);
  });

  it('limits reset e-mails per account, from all clients together', async () => {
    const member = await strict.createUser({ username: uniqueName('mail') });
    const requestReset = (value: string, ip: string) =>
      strict.app.inject({
        method: 'GET',
        url: `/api/auth/requestReset/${encodeURIComponent(value)}`,
        remoteAddress: ip,
        headers: { host: 'farm.test' },
      });
    const codes = [
      (await requestReset(member.username, '10.3.0.1')).statusCode,
      (await requestReset(member.email, '10.3.0.2')).statusCode,
      (await requestReset(member.username.toUpperCase(), '10.3.0.3')).statusCode,
      (await requestReset(member.email, '10.3.0.4')).statusCode,
    ];
    expect(codes).toEqual([200, 200, 200, 429]);
    // The member's password still works: reset requests are not failed logins.
    expect((await login(member.username, member.password, '10.3.0.5', strict)).statusCode).toBe(200);
  });
});

describe('per-client limit (RATE_LIMIT_AUTH_PER_MINUTE)', () => {
  it('limits one client across accounts, shared by all auth routes', async () => {
    const ip = '10.1.1.1';
    expect(await statuses(5, (i) => login(`naam${i}`, wrong, ip, strict))).toEqual(
      Array<number>(5).fill(401),
    );
    expect((await login('naam-zes', wrong, ip, strict)).statusCode).toBe(429);
    const reset = await strict.app.inject({
      method: 'GET',
      url: '/api/auth/requestReset/wie-dan-ook',
      remoteAddress: ip,
      headers: { host: 'farm.test' },
    });
    expect(reset.statusCode).toBe(429);
    // Routes that are not rate-limited stay open.
    const info = await strict.app.inject({
      method: 'GET',
      url: '/api/info',
      remoteAddress: ip,
      headers: { host: 'farm.test' },
    });
    expect(info.statusCode).toBe(200);
  });
});

describe('CredentialFailures', () => {
  const limits = { perClient: 2, attack: 4, attackClients: 3, windowMs: 1_000 };

  it('needs the attack threshold from enough distinct clients, and forgets after the window', () => {
    const failures = new CredentialFailures(limits);
    for (const client of ['a', 'a', 'b', 'b']) failures.attempt('acc', client, 0);
    // Four failures, but from two clients only: each is stopped by its own limit, the account is open.
    expect(failures.isUnderAttack('acc', 10)).toBe(false);
    expect(failures.check('acc', 'c', true, 10)).toEqual({ allowed: true });
    failures.attempt('acc', 'c', 10);
    expect(failures.check('acc', 'd', true, 20)).toMatchObject({ allowed: false, reason: 'attack' });
    expect(failures.check('acc', 'd', false, 20)).toEqual({ allowed: true });
    expect(failures.check('acc', 'd', true, 1_000)).toEqual({ allowed: true });
  });

  it('keys IPv6 clients by their /64 network and IPv4-mapped ones by the IPv4 address', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
  });
});
