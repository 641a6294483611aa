import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ config: { rateLimit: { authPerMinute: 5, accountPer15Minutes: 3 } } });
});
afterAll(() => ctx.close());

const login = (username: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { host: 'farm.test' },
    payload: { username, password: 'fout-wachtwoord' },
  });

describe('rate limits on auth routes', () => {
  it('limits one account across clients (RATE_LIMIT_ACCOUNT_PER_15_MINUTES)', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('Slachtoffer', `10.0.0.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Case does not help: the account key is lower-cased.
    const limited = await login('SLACHTOFFER', '10.0.0.99');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected.
    expect((await login('iemand-anders', '10.0.0.100')).statusCode).toBe(401);
  });

  it('limits one client across accounts (RATE_LIMIT_AUTH_PER_MINUTE), shared by all auth routes', async () => {
    const ip = '10.1.1.1';
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(`naam${i}`, ip)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await login('naam-zes', ip)).statusCode).toBe(429);
    const reset = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/requestReset/wie-dan-ook',
      remoteAddress: ip,
      headers: { host: 'farm.test' },
    });
    expect(reset.statusCode).toBe(429);
    // Routes that are not rate-limited stay open.
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/info',
      remoteAddress: ip,
      headers: { host: 'farm.test' },
    });
    expect(info.statusCode).toBe(200);
  });

  it('counts username and e-mail of one account in one bucket, across login and requestReset', async () => {
    const user = await ctx.createUser({ username: 'Tweeledig', email: 'tweeledig@example.test' });
    const statuses = [
      (await login(user.username, '10.2.0.1')).statusCode,
      (await login('TWEELEDIG@example.test', '10.2.0.2')).statusCode,
    ];
    const reset = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/requestReset/tweeledig%40example.test',
      remoteAddress: '10.2.0.3',
      headers: { host: 'farm.test' },
    });
    statuses.push(reset.statusCode);
    expect(statuses).toEqual([401, 401, 200]);
    // The fourth attempt, by either name, is over the account's limit of 3.
    const limited = await login('tweeledig@example.test', '10.2.0.4');
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect((await login('tweeledig', '10.2.0.5')).statusCode).toBe(429);
  });
});
