import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps } from '../src/db/schema/index.js';
import { tinyPng } from './helpers/multipart.js';
import { redactUrl } from '../src/lib/log-redaction.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

// Issue 16: what a probe found, and must keep answering as delivered.
let ctx: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext({
    config: { logLevel: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
  });
});
afterAll(async () => {
  await ctx.close();
});

describe('the log keeps no secrets', () => {
  it('redacts reset tokens, e-mail addresses, passwords and bearer tokens from a request', async () => {
    const member = await ctx.createUser({ username: uniqueName('log') });
    const secretToken = 'Zg7hS3cr3tR3s3tT0k3nThatMustNotBeLogged';
    const password = 'Geheim-wachtwoord-voor-de-log';
    const bearer = ctx.tokenFor(member);
    logLines.length = 0;
    await ctx.request({ method: 'GET', url: `/api/auth/requestReset/${encodeURIComponent(member.email)}` });
    await ctx.request({ method: 'GET', url: `/auth/passwordReset/${secretToken}/${member.id}` });
    await ctx.request({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { userId: member.id, token: secretToken, password },
    });
    await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password },
    });
    await ctx.request({ method: 'GET', url: '/api/User', as: bearer });
    // A request object logged by hand (as a plugin might) loses its secrets too.
    ctx.app.log.info(
      { req: { headers: { authorization: `Bearer ${bearer}` } }, body: { password, token: secretToken } },
      'probe',
    );
    const log = logLines.join('');
    expect(log).toContain('/api/auth/requestReset/[verborgen]');
    expect(log).toContain('/auth/passwordReset/[verborgen]');
    expect(log).toContain('"password":"[verborgen]"');
    for (const secret of [secretToken, member.email, encodeURIComponent(member.email), password, bearer]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts the secret pieces of URLs and nothing else', () => {
    expect(redactUrl('/auth/passwordReset/abc/12?x=1')).toBe('/auth/passwordReset/[verborgen]?x=1');
    expect(redactUrl('/api/auth/requestReset/an%40b.be')).toBe('/api/auth/requestReset/[verborgen]');
    expect(redactUrl('/api/x/jan@hoeve.be/y?token=abc&p=2')).toBe(
      '/api/x/[verborgen]/y?token=[verborgen]&p=2',
    );
    expect(redactUrl('/api/task/12')).toBe('/api/task/12');
  });
});

describe('API answers are not stored (Cache-Control)', () => {
  it('answers no-store on tokens, the profile, errors and unknown routes; cacheable reads say their own', async () => {
    const member = await ctx.createUser({ username: uniqueName('cache') });
    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: member.username, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = json<{ token: string; refreshToken: string }>(login);
    const refresh = await ctx.request({
      method: 'POST',
      url: '/api/auth/RefreshLogin',
      payload: { token, refreshToken },
    });
    const profile = await ctx.request({ method: 'GET', url: '/api/User', as: member });
    const refused = await ctx.request({ method: 'GET', url: '/api/User' });
    const unknown = await ctx.request({ method: 'GET', url: '/api/no-such-route' });
    for (const response of [login, refresh, profile, refused, unknown]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // The app's logo says it may be cached; the web app (outside /api) keeps its own rules.
    await ctx.db.update(apps).set({ logo: tinyPng, logoMime: 'image/png' }).where(eq(apps.appId, ctx.appId));
    const logo = await ctx.request({ method: 'GET', url: '/api/info/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
    const page = await ctx.request({ method: 'GET', url: '/' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
