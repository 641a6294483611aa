import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@pluk/contract';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';
import type { CreatedUser } from '../src/seed/factories.js';

// Attacks on input that reaches the database: PostgreSQL refuses NUL bytes in text and integers beyond
// int4, and both must be the client's 400, never a 500 — on PGlite and on PostgreSQL alike.
let ctx: TestContext;
let admin: CreatedUser;
let member: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'hostile-admin', roles: ['Admin'] });
  member = await ctx.createUser({ username: 'hostile-member' });
});
afterAll(() => ctx.close());

const expect400 = (response: { statusCode: number; json(): unknown }, label: string) => {
  expect(response.statusCode, label).toBe(400);
  expect(errorBodySchema.parse(response.json()).error.code, label).toBe('VALIDATION_ERROR');
};

const registration = (extra: object) => ({
  username: `nul${Math.random().toString(36).slice(2, 8)}`,
  email: `nul${Math.random().toString(36).slice(2, 8)}@example.test`,
  password: 'lang-genoeg-123',
  firstName: 'Jan',
  lastName: 'Peeters',
  ...extra,
});

const accountUpdate = (extra: object) => ({
  firstName: 'Jan',
  lastName: 'Peeters',
  email: 'hostile-member@example.test',
  phone: '',
  address: { street: '', number: '', postalCode: '', city: '' },
  householdMembers: [],
  privacy: { showContactData: false, receiveEmails: true },
  customQuestionAnswer: null,
  ...extra,
});

describe('NUL bytes in strings', () => {
  it('answers 400 naming the field, in bodies, nested bodies, path parameters and headers', async () => {
    const register = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ firstName: 'Ja\u0000n' }),
    });
    expect400(register, 'register');
    expect(json<{ error: { fields: Record<string, string> } }>(register).error.fields).toHaveProperty(
      'firstName',
    );
    const nested = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ householdMembers: [{ name: 'Kind\u0000', isAdult: false }] }),
    });
    expect400(nested, 'household member');
    expect(json<{ error: { fields: Record<string, string> } }>(nested).error.fields).toHaveProperty(
      'householdMembers.0.name',
    );
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'a\u0000b', password: 'x' },
      }),
      'login',
    );
    expect400(await ctx.request({ method: 'GET', url: '/api/auth/requestReset/a%00b' }), 'requestReset');
    expect400(await ctx.request({ method: 'GET', url: '/api/auth/validateUsername/a%00b' }), 'validate');
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: admin,
        payload: { filter: 'a\u0000' },
      }),
      'paged filter',
    );
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/User/update',
        as: member,
        payload: accountUpdate({ customQuestionAnswer: 'x\u0000y' }),
      }),
      'update',
    );
    // A NUL in the Host header (possible through a lenient proxy) must not reach the host lookup as a 500.
    const host = await ctx.app.inject({
      method: 'GET',
      url: '/api/info',
      headers: { host: 'farm.test\u0000' },
    });
    expect(host.statusCode).toBeLessThan(500);
  });

  it('survives deeply nested JSON (no recursion blows the stack)', async () => {
    const depth = 50_000;
    const payload = `{"username":"x","password":"y","a":${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}}`;
    const started = Date.now();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('still accepts other unicode, emoji and non-BMP characters', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ firstName: 'Zoë 🌱', lastName: 'Ünal-𝔘' }),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('numbers beyond the database integer range', () => {
  const huge = 99_999_999_999;

  it('answers 400 (not 500) for ids in bodies, params and filters', async () => {
    expect400(
      await ctx.request({ method: 'GET', url: `/api/User/ContactData/${huge}`, as: member }),
      'contact data',
    );
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/User/Approve',
        as: admin,
        payload: { userId: huge },
      }),
      'approve',
    );
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: admin,
        payload: { userIds: [1, huge] },
      }),
      'paged userIds',
    );
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { userId: huge, token: 'x', password: 'lang-genoeg-123' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('pages far beyond the end without failing, and caps rowsPerPage', async () => {
    const far = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: admin,
      payload: { page: Number.MAX_SAFE_INTEGER, rowsPerPage: 200 },
    });
    expect(far.statusCode).toBe(200);
    expect(json<{ items: unknown[] }>(far).items).toEqual([]);
    expect400(
      await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: admin,
        payload: { rowsPerPage: 201 },
      }),
      'rowsPerPage',
    );
  });
});

describe('waiting-list filter', () => {
  it('matches %, _ and \\ literally, not as LIKE wildcards', async () => {
    const percent = await ctx.createUser({ username: 'likepct', firstName: 'Honderd%Procent' });
    const under = await ctx.createUser({ username: 'like_under', firstName: 'Laag' });
    const slash = await ctx.createUser({ username: 'likeslash', firstName: 'Schuin\\Streep' });
    await ctx.createUser({ username: 'likeplain', firstName: 'Gewoon' });
    const ids = async (filter: string) => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/user/paged',
        as: admin,
        payload: { filter, rowsPerPage: 200 },
      });
      expect(response.statusCode, filter).toBe(200);
      return json<{ items: { id: number }[] }>(response).items.map((item) => item.id);
    };
    expect(await ids('%')).toEqual([percent.id]);
    expect(await ids('_')).toEqual([under.id]);
    expect(await ids('\\')).toEqual([slash.id]);
    expect(await ids('like%')).toEqual([]);
  });
});
