import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myCreditsSchema, myTaskSchema, pagedTasksSchema, type TokenData } from '@pluk/contract';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ withDefaultApp: false });
  await seedDemo(ctx.db);
});
afterAll(() => ctx.close());

async function tokenOf(username: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost' },
    payload: { username, password: demoPassword },
  });
  expect(response.statusCode, username).toBe(200);
  return json<TokenData>(response).token;
}

const get = async (url: string, token: string) => {
  const response = await ctx.request({ method: 'GET', url, as: token, headers: { host: 'localhost' } });
  expect(response.statusCode, url).toBe(200);
  return json(response);
};

describe('demo chores', () => {
  it('gives lid a week of chores (one nearly full), a waiting and a confirmed assignment, and credits', async () => {
    const lid = await tokenOf('lid');
    const open = pagedTasksSchema.parse(await get('/api/Task/true', lid)).items;
    expect(open).toHaveLength(4);
    expect(open.some((t) => t.placesLeft === 1)).toBe(true);
    expect(open.every((t) => !t.hasStarted)).toBe(true);
    const mine = myTaskSchema.array().parse(await get('/api/user/tasks', lid));
    expect(mine.map((m) => m.status).sort()).toEqual(['confirmed', 'waiting']);
    const credits = myCreditsSchema.parse(await get('/api/user/credits', lid));
    expect(credits.total).toBe(3);
    expect(credits.entries[0]?.taskTitle).toBe('Fruitbomen snoeien');
    // The helpers are members who can sign in.
    expect(await tokenOf('jef')).toBeTruthy();
    expect(await tokenOf('marie')).toBeTruthy();
  });
});
