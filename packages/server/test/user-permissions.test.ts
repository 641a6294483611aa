import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let member: CreatedUser;
let waiting: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await ctx.createUser({ username: 'privé', firstName: 'Pia', phone: '0470 12 34 56' });
  waiting = await ctx.createUser({ username: 'wacht', approved: false });
});
afterAll(async () => {
  await ctx.close();
});

const post = (as: CreatedUser | undefined, payload: unknown) =>
  ctx.request({ method: 'POST', url: '/api/user/PostPermissions', as, payload: payload as object });

describe('POST user/PostPermissions (my privacy choices)', () => {
  it('saves both choices and nothing else of the account', async () => {
    const before = accountSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User', as: member })),
    );
    const response = await post(member, { showContactData: true, receiveEmails: false });
    expect(response.statusCode).toBe(200);
    const after = accountSchema.parse(json(response));
    expect(after.privacy).toEqual({ showContactData: true, receiveEmails: false });
    expect({ ...after, privacy: before.privacy }).toEqual(before);
    const again = accountSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/User', as: member })),
    );
    expect(again.privacy).toEqual({ showContactData: true, receiveEmails: false });
  });

  it('answers 400 for a missing or wrong choice, 401 signed out, 403 on the waiting list', async () => {
    for (const payload of [{}, { showContactData: 'ja', receiveEmails: true }, { showContactData: true }]) {
      expect((await post(member, payload)).statusCode).toBe(400);
    }
    expect((await post(undefined, { showContactData: true, receiveEmails: true })).statusCode).toBe(401);
    expect((await post(waiting, { showContactData: true, receiveEmails: true })).statusCode).toBe(403);
  });
});
