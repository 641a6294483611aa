import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  translationOverridesSchema,
  wordReplacePreviewSchema,
  type WordReplacePreview,
} from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { replaceWord } from '../src/modules/translation/replace-word.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** 'Replace a word everywhere' (decision 094): a preview, then one action; placeholders untouched. */
const otherHost = 'veld.test';
let ctx: TestContext;
let admin: CreatedUser;
let manager: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'rw-admin', roles: ['Admin'] });
  manager = await ctx.createUser({ username: 'rw-manager', roles: ['ApplicationManager'] });
  await ctx.createApp({ appId: 'veld', name: 'Het Veld', hosts: [otherHost] });
});
afterAll(() => ctx.close());

const call = (step: 'Replace/Preview' | 'Replace', payload: object, as = admin) =>
  ctx.request({ method: 'POST', url: `/api/admin/translation/${step}`, as, payload });
const overridesOf = async (host?: string) =>
  translationOverridesSchema.parse(
    json(
      await ctx.request({
        method: 'GET',
        url: '/api/info/translations',
        ...(host ? { headers: { host } } : {}),
      }),
    ),
  ).overrides;

describe('replacing a word everywhere', () => {
  it('keeps capitals, whole words and placeholders', () => {
    const input = { find: 'klusjes', replace: 'Taken', wholeWord: true };
    expect(replaceWord('Klusjes en je klusjes, KLUSJES', input)).toEqual({
      text: 'Taken en je taken, TAKEN',
      count: 3,
    });
    expect(replaceWord('Klusjesbeheerder', input).count).toBe(0);
    expect(replaceWord('Klusjesbeheerder', { ...input, wholeWord: false }).text).toBe('Takenbeheerder');
    expect(replaceWord('{{klusjes}} klusjes', input).text).toBe('{{klusjes}} taken');
  });

  it('previews every text the farm sees with the word, then replaces them in one action', async () => {
    const preview = await call('Replace/Preview', { find: 'Klusjes', replace: 'Taken' });
    expect(preview.statusCode, preview.body).toBe(200);
    const body: WordReplacePreview = wordReplacePreviewSchema.parse(json(preview));
    expect(body.changes.length).toBeGreaterThan(5);
    const tile = body.changes.find((c) => c.namespace === 'tasks' && c.key === 'titles.list');
    expect(tile).toEqual({ namespace: 'tasks', key: 'titles.list', before: 'Klusjes', after: 'Taken' });
    expect(body.changes.some((c) => c.after.includes('Takenbeheerder'))).toBe(false);
    // The preview wrote nothing.
    expect(await overridesOf()).toEqual({});

    const done = await call('Replace', { find: 'Klusjes', replace: 'Taken' });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done)).toEqual({ changed: body.changes.length });
    const overrides = await overridesOf();
    expect(overrides.tasks?.['titles.list']).toBe('Taken');
    expect(overrides.common?.['tabs.tasks']).toBe('Taken');
    // Another farm keeps its words.
    expect(await overridesOf(otherHost)).toEqual({});
    // Nothing is left to replace.
    const again = wordReplacePreviewSchema.parse(
      json(await call('Replace/Preview', { find: 'Klusjes', replace: 'Taken' })),
    );
    expect(again.changes).toEqual([]);
  });

  it('refuses braces and an empty word in Dutch, and is for an Admin only', async () => {
    const braces = await call('Replace/Preview', { find: '{{appName}}', replace: 'x' });
    expect(braces.statusCode).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(braces.body)).error.fields?.find).toContain('Accolades');
    const empty = await call('Replace', { find: 'Klusjes', replace: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(errorBodySchema.parse(JSON.parse(empty.body)).error.fields?.replace).toBe(
      'Vul het nieuwe woord in.',
    );
    expect((await call('Replace', { find: 'Taken', replace: 'Klusjes' }, manager)).statusCode).toBe(403);
  });
});
