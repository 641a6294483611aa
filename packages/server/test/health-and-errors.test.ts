import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@pluk/contract';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  const body = errorBodySchema.parse(response.json());
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
};

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('one error shape for bad input', () => {
  it('answers 404 ROUTE_NOT_FOUND for unknown API routes', async () => {
    expectError(await ctx.request({ method: 'GET', url: '/api/does-not-exist' }), 404, 'ROUTE_NOT_FOUND');
    expectError(await ctx.request({ method: 'POST', url: '/api/nope', payload: {} }), 404, 'ROUTE_NOT_FOUND');
  });

  it('answers 400 MALFORMED_JSON for broken JSON', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", ',
    });
    expectError(response, 400, 'MALFORMED_JSON');
  });

  it('answers 400 VALIDATION_ERROR with Dutch per-field messages keyed by dotted path', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: 'a',
        email: 'geen-mail',
        password: 'kort',
        firstName: '',
        lastName: 'X',
        address: { city: 5 },
      },
    });
    const body = expectError(response, 400, 'VALIDATION_ERROR');
    expect(body.error.fields).toMatchObject({
      username: 'Een gebruikersnaam heeft minstens 3 tekens.',
      email: 'Vul een geldig e-mailadres in.',
      password: 'Een wachtwoord heeft minstens 8 tekens.',
      firstName: 'Vul je voornaam in.',
    });
    // Zod's own messages are Dutch too.
    expect(body.error.fields?.['address.city']).toMatch(/ongeldig|verwacht/i);
  });

  it('lists every missing field when the body is missing or empty', async () => {
    const empty = expectError(
      await ctx.request({ method: 'POST', url: '/api/auth/login' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(empty.error.fields ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
    const wrongTypes = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 5, password: [] },
    });
    expect(Object.keys(expectError(wrongTypes, 400, 'VALIDATION_ERROR').error.fields ?? {})).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
  });

  it('answers 413 for oversized bodies', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'y' },
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 for unsupported content types', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=x',
    });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 for bad path parameters and 404 for unknown ids', async () => {
    const member = await ctx.createUser({ username: 'errorcheck' });
    const badId = await ctx.request({ method: 'GET', url: '/api/User/ContactData/abc', as: member });
    expect(expectError(badId, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('id');
    expectError(
      await ctx.request({ method: 'GET', url: '/api/User/ContactData/999999', as: member }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.request({ method: 'GET', url: '/api/User/ContactData/99999999999999999999', as: member }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('matches paths case-insensitively', async () => {
    expect((await ctx.request({ method: 'GET', url: '/API/Info/COLORS' })).statusCode).toBe(200);
    expect((await ctx.request({ method: 'GET', url: '/api/auth/VALIDATEUSERNAME/Jan' })).statusCode).toBe(
      200,
    );
  });
});

describe('security headers and request ids', () => {
  it('sends a content security policy fitting the SPA, and a request id', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/info' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document and the docs page at /api/docs', async () => {
    const doc = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(json<{ paths: Record<string, unknown> }>(doc).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/User', '/api/User/ContactData/{id}']),
    );
    const page = await ctx.request({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('server errors', () => {
  it('answers 500 INTERNAL_ERROR without internals, and health 503 when the database is gone', async () => {
    const broken = await createTestContext();
    const member = await broken.createUser({ username: 'ghost' });
    // Break the database under the running app: loading a user's roles now fails.
    await broken.db.execute(sql.raw('drop table user_roles cascade'));
    const response = await broken.request({ method: 'GET', url: '/api/User', as: member });
    const body = expectError(response, 500, 'INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toMatch(/user_roles|relation|stack|sql/i);

    await broken.database.close();
    expectError(await broken.request({ method: 'GET', url: '/api/health' }), 503, 'DATABASE_UNAVAILABLE');
    await broken.close();
  });
});

describe('JSON bodies', () => {
  it('treats an empty JSON body as no body, and refuses prototype poisoning', async () => {
    const logout = await ctx.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(logout.statusCode).toBe(204);
    const poisoned = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a","password":"b","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});

describe('odd URLs and missing fields', () => {
  it('answers undecodable URLs and long parameters in the error shape', async () => {
    const bad = await ctx.request({ method: 'GET', url: '/api/auth/validateUsername/%E0%A4%A' });
    expectError(bad, 400, 'VALIDATION_ERROR');
    const long = await ctx.request({ method: 'GET', url: `/api/auth/requestReset/${'a'.repeat(300)}` });
    expect(expectError(long, 400, 'VALIDATION_ERROR').error.fields).toHaveProperty('value');
    // An e-mail address of 150 characters is a valid reset value.
    const email = `${'a'.repeat(140)}@example.be`;
    expect((await ctx.request({ method: 'GET', url: `/api/auth/requestReset/${email}` })).statusCode).toBe(
      200,
    );
  });

  it('says a missing field is required, in Dutch', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'jan' },
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').error.fields).toEqual({
      password: 'Dit veld is verplicht.',
    });
  });
});
