import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appInfoSchema,
  translationEntrySchema,
  translationOverridesSchema,
  translationPageSchema,
  type TranslationPage,
} from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { readBundledTexts } from '../src/modules/translation/bundled-texts.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Translations (decision 083): an Admin words a bundled text differently for one farm; the override
 * keeps the text's placeholders, wins at once (the info's version changes, the web's overrides hold it),
 * is reset to the bundled text, and never shows on another farm.
 */

const otherHost = 'veld.test';
let ctx: TestContext;
let admin: CreatedUser;
let manager: CreatedUser;
let otherAdmin: CreatedUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.createUser({ username: 'tr-admin', roles: ['Admin'] });
  manager = await ctx.createUser({ username: 'tr-manager', roles: ['ApplicationManager'] });
  await ctx.createApp({
    appId: 'veld',
    name: 'Het Veld',
    hosts: [otherHost],
    localeVariant: 'nl-be-cooperative',
  });
  otherAdmin = await ctx.createUser({ appId: 'veld', username: 'tr-veld-admin', roles: ['Admin'] });
});
afterAll(() => ctx.close());

const onOther = { host: otherHost };
const list = (query: string, as = admin, headers = {}) =>
  ctx.request({ method: 'GET', url: `/api/admin/translation?${query}`, as, headers });
const update = (payload: object, as = admin, headers = {}) =>
  ctx.request({ method: 'POST', url: '/api/admin/translation/Update', as, payload, headers });
const reset = (query: string, as = admin, headers = {}) =>
  ctx.request({ method: 'DELETE', url: `/api/admin/translation?${query}`, as, headers });
const info = async (headers = {}) =>
  appInfoSchema.parse(json(await ctx.request({ method: 'GET', url: '/api/info', headers })));
const overrides = async (headers = {}, v?: string) => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/info/translations${v ? `?v=${encodeURIComponent(v)}` : ''}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return {
    body: translationOverridesSchema.parse(json(response)),
    cacheControl: response.headers['cache-control'],
  };
};
const page = (response: { statusCode: number; body: string; json(): unknown }): TranslationPage => {
  expect(response.statusCode, response.body).toBe(200);
  return translationPageSchema.parse(response.json());
};
const errorOf = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('the Admin’s list of texts', () => {
  it('lists every bundled text by namespace and key, with the cooperative wording where it differs', async () => {
    const first = page(await list('pageSize=10'));
    expect(first.items).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    expect(first.namespaces).toEqual(expect.arrayContaining(['common', 'home', 'harvest', 'auth']));
    const harvest = page(await list('namespace=harvest&search=tiles.crops&pageSize=50'));
    const crops = harvest.items.find((item) => item.key === 'tiles.crops');
    expect(crops).toMatchObject({ namespace: 'harvest', cooperativeText: 'Artikels', override: null });
    expect(crops?.text).not.toBe('Artikels');
    const home = page(await list('namespace=home&search=tasks.title'));
    expect(home.items[0]).toMatchObject({
      namespace: 'home',
      key: 'tasks.title',
      text: 'Open klusjes',
      cooperativeText: null,
      placeholders: [],
    });
  });

  it('searches keys and texts without minding case or accents, and pages with the cursor', async () => {
    const found = page(await list('search=OPEN%20KLUSJES&namespace=home'));
    expect(found.items.map((item) => item.key)).toContain('tasks.title');
    const all = page(await list('namespace=home&pageSize=200'));
    const firstPage = page(await list('namespace=home&pageSize=7'));
    expect(firstPage.nextCursor).not.toBeNull();
    const second = page(await list(`namespace=home&pageSize=7&page=1&after=${firstPage.nextCursor}`));
    const byOffset = page(await list('namespace=home&pageSize=7&page=1'));
    expect(second.items).toEqual(all.items.slice(7, 14));
    expect(byOffset.items).toEqual(second.items);
    expect(all.nextCursor).toBeNull();
    expect(all.total).toBe(all.items.length);
  });

  it('refuses an unknown namespace and a forged cursor in Dutch', async () => {
    const unknown = await list('namespace=nietsbestaands');
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields?.namespace).toMatch(/bestaat niet/);
    const forged = await list('after=bm9wZQ');
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).fields?.after).toMatch(/Laad ze opnieuw/);
  });

  it('is for an Admin only', async () => {
    expect((await list('', manager)).statusCode).toBe(403);
    expect((await update({ namespace: 'home', key: 'tasks.title', value: 'x' }, manager)).statusCode).toBe(
      403,
    );
    expect((await reset('namespace=home&key=tasks.title', manager)).statusCode).toBe(403);
    expect((await list('')).statusCode).toBe(200);
  });
});

describe('overriding a text', () => {
  it('wins at once: the list, the info version and the web’s overrides show it; another farm keeps its text', async () => {
    expect((await info()).translationsVersion).toBeNull();
    expect((await overrides()).body).toEqual({ version: null, overrides: {} });

    const saved = await update({ namespace: 'home', key: 'tasks.title', value: '  Klusjes van de week  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(translationEntrySchema.parse(json(saved))).toMatchObject({
      namespace: 'home',
      key: 'tasks.title',
      text: 'Open klusjes',
      override: 'Klusjes van de week',
    });

    const version = (await info()).translationsVersion;
    expect(version).toMatch(/^1\.\d{20}$/);
    const web = await overrides({}, version!);
    expect(web.body).toEqual({ version, overrides: { home: { 'tasks.title': 'Klusjes van de week' } } });
    expect(web.cacheControl).toMatch(/max-age/);
    expect((await overrides({}, 'stale')).cacheControl).toBe('no-cache');

    const only = page(await list('overridden=true'));
    expect(only.items.map((item) => `${item.namespace}:${item.key}`)).toEqual(['home:tasks.title']);
    expect(page(await list('search=klusjes%20van%20de%20week')).items).toHaveLength(1);

    // Farm B: nothing changed there.
    expect((await info(onOther)).translationsVersion).toBeNull();
    expect((await overrides(onOther)).body.overrides).toEqual({});
    const theirs = page(await list('namespace=home&search=tasks.title', otherAdmin, onOther));
    expect(theirs.items[0]?.override).toBeNull();
    expect(page(await list('overridden=true', otherAdmin, onOther)).items).toEqual([]);

    // Changing it again gives a new version.
    expect((await update({ namespace: 'home', key: 'tasks.title', value: 'Klusjes' })).statusCode).toBe(200);
    const next = (await info()).translationsVersion;
    expect(next).not.toBe(version);
    expect((await overrides()).body.overrides).toEqual({ home: { 'tasks.title': 'Klusjes' } });
  });

  it('keeps the placeholders of the bundled text: dropping or inventing one is refused, naming it', async () => {
    const dropped = await update({ namespace: 'home', key: 'offers.owner', value: 'Aangeboden door iemand' });
    expect(dropped.statusCode).toBe(400);
    expect(errorOf(dropped).fields?.value).toBe(
      'De tekst moet {{name}} behouden: daar komt de juiste waarde in.',
    );
    const invented = await update({
      namespace: 'home',
      key: 'offers.owner',
      value: 'Van {{name}} op {{date}}',
    });
    expect(invented.statusCode).toBe(400);
    expect(errorOf(invented).message).toBe('{{date}} bestaat niet in deze tekst; gebruik enkel {{name}}.');
    const none = await update({ namespace: 'home', key: 'tasks.all', value: 'Alle {{count}}' });
    expect(errorOf(none).message).toMatch(/geen invulvelden/);
    const nested = await update({ namespace: 'home', key: 'tasks.all', value: 'Zie $t(common:app.name)' });
    expect(nested.statusCode).toBe(400);
    expect(errorOf(nested).message).toMatch(/verwijzing/);
    const moved = await update({ namespace: 'home', key: 'offers.owner', value: '{{name}} biedt aan' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved)).toMatchObject({ override: '{{name}} biedt aan', placeholders: ['name'] });
    expect((await reset('namespace=home&key=offers.owner')).statusCode).toBe(200);
  });

  it('refuses unknown texts and empty or too long values in Dutch', async () => {
    const unknownKey = await update({ namespace: 'home', key: 'niet.bestaand', value: 'x' });
    expect(unknownKey.statusCode).toBe(404);
    expect(errorOf(unknownKey).message).toBe('De tekst "home:niet.bestaand" bestaat niet.');
    const parentKey = await update({ namespace: 'home', key: 'tasks', value: 'x' });
    expect(parentKey.statusCode).toBe(404);
    const unknownNamespace = await update({ namespace: 'geen', key: 'tasks.title', value: 'x' });
    expect(unknownNamespace.statusCode).toBe(400);
    expect(errorOf(unknownNamespace).fields?.namespace).toBe('De naamruimte "geen" bestaat niet.');
    const empty = await update({ namespace: 'home', key: 'tasks.title', value: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields?.value).toMatch(/Vul de tekst in/);
    const long = await update({ namespace: 'home', key: 'tasks.title', value: 'x'.repeat(2001) });
    expect(errorOf(long).fields?.value).toMatch(/hoogstens 2000/);
    const badKey = await update({ namespace: 'home', key: '__proto__..x', value: 'x' });
    expect(badKey.statusCode).toBe(400);
    expect((await reset('namespace=home&key=niet.bestaand')).statusCode).toBe(404);
    expect((await reset('namespace=home')).statusCode).toBe(400);
  });

  it('checks the placeholders of the cooperative text on a cooperative farm', async () => {
    const coop = page(await list('namespace=harvest&search=tiles.crops', otherAdmin, onOther)).items[0]!;
    expect(coop.cooperativeText).toBe('Artikels');
    const saved = await update(
      { namespace: 'harvest', key: 'tiles.crops', value: 'Producten' },
      otherAdmin,
      onOther,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await overrides(onOther)).body.overrides).toEqual({ harvest: { 'tiles.crops': 'Producten' } });
    expect((await overrides()).body.overrides.harvest).toBeUndefined();
    expect((await reset('namespace=harvest&key=tiles.crops', otherAdmin, onOther)).statusCode).toBe(200);
  });

  it('resets to the bundled text; another farm’s Admin cannot reset this farm’s text', async () => {
    // The other farm's Admin resets the same key on their own farm: this farm keeps its override.
    expect((await reset('namespace=home&key=tasks.title', otherAdmin, onOther)).statusCode).toBe(200);
    expect((await overrides()).body.overrides).toEqual({ home: { 'tasks.title': 'Klusjes' } });
    // A token of this farm on the other farm's host is refused (the token belongs to its own app).
    expect((await reset('namespace=home&key=tasks.title', admin, onOther)).statusCode).toBe(401);

    const done = await reset('namespace=home&key=tasks.title');
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({ override: null, updatedAt: null, text: 'Open klusjes' });
    expect((await info()).translationsVersion).toBeNull();
    expect((await overrides()).body).toEqual({ version: null, overrides: {} });
    // Resetting a text without an override changes nothing and is no error.
    expect((await reset('namespace=home&key=tasks.title')).statusCode).toBe(200);
  });
});

describe('the bundled texts', () => {
  it('are read from the configured folder: nested keys flattened with dots, the cooperative text where it differs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pluk-locales-'));
    try {
      mkdirSync(join(dir, 'nl-be'));
      mkdirSync(join(dir, 'nl-be-cooperative'));
      writeFileSync(
        join(dir, 'nl-be', 'b.json'),
        JSON.stringify({ z: 'Z', a: { c: 'Hallo {{name}}', b: 'B' } }),
      );
      writeFileSync(join(dir, 'nl-be', 'a.json'), JSON.stringify({ one: 'Een' }));
      writeFileSync(join(dir, 'nl-be-cooperative', 'b.json'), JSON.stringify({ z: 'Z', a: { b: 'Bé' } }));
      const texts = readBundledTexts(dir);
      expect(texts.namespaces).toEqual(['a', 'b']);
      expect(texts.entries.map((entry) => [entry.namespace, entry.key, entry.cooperativeText])).toEqual([
        ['a', 'one', null],
        ['b', 'a.b', 'Bé'],
        ['b', 'a.c', null],
        ['b', 'z', null],
      ]);
      expect(texts.find('b', 'a.c')?.text).toBe('Hallo {{name}}');
      expect(texts.find('b', 'a')).toBeUndefined();
      expect(readBundledTexts(join(dir, 'missing')).entries).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
