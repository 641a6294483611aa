import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, settingValueProblem } from '@pluk/contract';
import { settings } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** Settings in people's words (decision 094): a known key's value is checked and stored in one form. */
let ctx: TestContext;
let manager: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'cat-manager', roles: ['ApplicationManager'] });
  await ctx.db.insert(settings).values([
    { appId: ctx.appId, key: 'bank.iban', value: '' },
    { appId: ctx.appId, key: 'weather.latitude', value: '51.05' },
  ]);
});
afterAll(() => ctx.close());

const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;
const update = (key: string, value: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/applicationManager/Setting/Update',
    as: manager,
    payload: { key, value, isPublic: false },
  });
const stored = async (key: string) =>
  (
    await ctx.db
      .select()
      .from(settings)
      .where(and(eq(settings.appId, ctx.appId), eq(settings.key, key)))
  )[0]?.value;

describe('catalogued settings', () => {
  it('refuses an IBAN whose check digits do not fit, in Dutch, and stores a good one without spaces', async () => {
    const wrong = await update('bank.iban', 'BE68 5390 0754 7035');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({
      value: 'Dit IBAN klopt niet: kijk de letters en cijfers na (het controlegetal past niet).',
    });
    const right = await update('bank.iban', 'be68 5390 0754 7034');
    expect(right.statusCode, right.body).toBe(200);
    expect(await stored('bank.iban')).toBe('BE68539007547034');
  });

  it('takes a coordinate the Belgian way and refuses one off the globe', async () => {
    const comma = await update('weather.latitude', '50,88');
    expect(json(comma)).toMatchObject({ value: '50.88' });
    const far = await update('weather.latitude', '200');
    expect(far.statusCode).toBe(400);
    expect(errorOf(far).fields?.value).toContain('breedtegraad');
  });

  it('checks a new key too, and leaves a farm’s own keys free text', async () => {
    const add = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'bank.dueDays', value: 'veertien', isPublic: false },
    });
    expect(add.statusCode).toBe(400);
    expect(errorOf(add).fields?.value).toBe('Vul een geheel getal in van 1 tot 365.');
    const own = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'eigen.iets', value: 'wat dan ook', isPublic: false },
    });
    expect(own.statusCode).toBe(200);
  });

  it('knows each kind of value', () => {
    expect(settingValueProblem('wallet.membersMayToggleTransactionable', 'misschien')).toBe(
      'Kies aan of uit.',
    );
    expect(settingValueProblem('wallet.membersMayToggleTransactionable', 'false')).toBeNull();
    expect(settingValueProblem('bank.bic', 'GEBABEBB')).toBeNull();
    expect(settingValueProblem('bank.bic', 'GEB')).toContain('BIC');
    expect(settingValueProblem('weather.longitude', '3,72')).toBeNull();
    expect(settingValueProblem('publicUrl', 'ftp://x')).toContain('https://');
    expect(settingValueProblem('bank.iban', '')).toBeNull();
  });
});
