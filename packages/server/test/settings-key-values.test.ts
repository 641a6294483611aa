import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedSettingSchema, settingDetailSchema } from '@pluk/contract';
import { auditLog, settings, userSettingOverrides } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** The generic key/value settings (decision 081): scopes, secrets, overrides, farms apart. */

let ctx: TestContext;
let manager: CreatedUser;
let admin: CreatedUser;
let member: CreatedUser;
let otherMember: CreatedUser;
let otherManager: CreatedUser;
const otherHost = { host: 'andere.test' };

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createApp({
    appId: 'andere',
    hosts: ['andere.test'],
    settings: [
      { key: 'welcome', value: 'Welkom op de andere', isPublic: true },
      { key: 'shared.key', value: 'van de andere' },
    ],
  });
  manager = await ctx.createUser({ username: 'kv-manager', roles: ['ApplicationManager'] });
  admin = await ctx.createUser({ username: 'kv-admin', roles: ['Admin'] });
  member = await ctx.createUser({ username: 'kv-member' });
  otherMember = await ctx.createUser({ username: 'kv-member2' });
  otherManager = await ctx.createUser({
    appId: 'andere',
    username: 'kv-other',
    roles: ['ApplicationManager'],
  });
  for (const [key, value, isPublic] of [
    ['smtp.password', 'geheim-smtp', false],
    ['mollie.apiKey', 'test_geheim', false],
    ['smtp.host', 'mail.farm.test', false],
    ['publicUrl', 'https://farm.test', false],
    ['contactEmail', 'info@farm.test', false],
  ] as const) {
    await ctx.db.insert(settings).values({ appId: ctx.appId, key, value, isPublic });
  }
});
afterAll(() => ctx.close());

const list = async (as: CreatedUser, url = '/api/applicationManager/Setting') =>
  json<{ key: string; value: string }[]>(await ctx.request({ method: 'GET', url, as }));

describe('key/value settings', () => {
  it('adds, reads, changes and deletes a key, audit-logged', async () => {
    const added = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'welcome', value: 'Welkom!', isPublic: true },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(managedSettingSchema.parse(json(added))).toEqual({
      key: 'welcome',
      value: 'Welkom!',
      isPublic: true,
      overrideCount: 0,
    });
    const again = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'welcome', value: 'Nog eens' },
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ error: { code: 'CONFLICT' } });

    const updated = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Update',
      as: manager,
      payload: { key: 'welcome', value: 'Welkom op de hoeve', isPublic: true },
    });
    expect(json(updated)).toMatchObject({ value: 'Welkom op de hoeve' });
    // Members (and visitors) read the public key.
    const read = await ctx.request({ method: 'GET', url: '/api/settings/welcome', as: member });
    expect(json(read)).toEqual({ key: 'welcome', value: 'Welkom op de hoeve' });
    expect(json(await ctx.request({ method: 'GET', url: '/api/settings/welcome' }))).toEqual({
      key: 'welcome',
      value: 'Welkom op de hoeve',
    });

    const missing = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Update',
      as: manager,
      payload: { key: 'bestaatniet', value: 'x' },
    });
    expect(missing.statusCode).toBe(404);

    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'tijdelijk', value: '1' },
    });
    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/applicationManager/Setting/tijdelijk',
      as: manager,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await ctx.request({ method: 'DELETE', url: '/api/applicationManager/Setting/tijdelijk', as: manager }))
        .statusCode,
    ).toBe(404);
    const actions = (await ctx.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['settings.add', 'settings.update', 'settings.remove']));
  });

  it('members read only public keys', async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'internal.note', value: 'alleen voor beheer', isPublic: false },
    });
    for (const as of [member, undefined]) {
      const response = await ctx.request({ method: 'GET', url: '/api/settings/internal.note', as });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await ctx.request({ method: 'GET', url: '/api/settings/smtp.password', as: member })).statusCode,
    ).toBe(404);
  });

  it('never shows or changes a secret key, for a manager or an Admin', async () => {
    for (const [as, base] of [
      [manager, '/api/applicationManager/Setting'],
      [admin, '/api/admin/Settings'],
    ] as const) {
      const keys = (await list(as, base)).map((s) => s.key);
      expect(keys).not.toContain('smtp.password');
      expect(keys).not.toContain('mollie.apiKey');
      expect(JSON.stringify(await list(as, base))).not.toContain('geheim');
      for (const key of ['smtp.password', 'mollie.apiKey', 'some.secretToken']) {
        for (const action of ['Add', 'Update']) {
          const response = await ctx.request({
            method: 'POST',
            url: `${base}/${action}`,
            as,
            payload: { key, value: 'overschreven' },
          });
          expect(response.statusCode, `${base}/${action} ${key}`).toBe(400);
          expect(json(response)).toMatchObject({
            error: { code: 'VALIDATION_ERROR', fields: { key: expect.any(String) } },
          });
        }
      }
    }
    expect(
      (
        await ctx.request({
          method: 'GET',
          url: '/api/applicationManager/Setting/smtp.password',
          as: manager,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: '/api/applicationManager/Setting/mollie.apiKey',
          as: manager,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.request({ method: 'DELETE', url: '/api/admin/Settings?key=smtp.password', as: admin }))
        .statusCode,
    ).toBe(404);
    const [secret] = await ctx.db.select().from(settings).where(eq(settings.key, 'smtp.password'));
    expect(secret?.value).toBe('geheim-smtp');
  });

  it('leaves the advanced keys to the Admin', async () => {
    const managerKeys = (await list(manager)).map((s) => s.key);
    expect(managerKeys).toContain('contactEmail');
    expect(managerKeys).not.toContain('smtp.host');
    expect(managerKeys).not.toContain('publicUrl');
    const adminKeys = (await list(admin, '/api/admin/Settings')).map((s) => s.key);
    expect(adminKeys).toEqual(expect.arrayContaining(['smtp.host', 'publicUrl', 'contactEmail']));
    const refused = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Update',
      as: manager,
      payload: { key: 'publicUrl', value: 'https://evil.test' },
    });
    expect(refused.statusCode).toBe(400);
    const changed = await ctx.request({
      method: 'POST',
      url: '/api/admin/Settings/Update',
      as: admin,
      payload: { key: 'publicUrl', value: 'https://hoeve.test' },
    });
    expect(json(changed)).toMatchObject({ key: 'publicUrl', value: 'https://hoeve.test', isPublic: false });
    await ctx.request({
      method: 'POST',
      url: '/api/admin/Settings/Add',
      as: admin,
      payload: { key: 'smtp.debug', value: 'true' },
    });
    const removed = await ctx.request({
      method: 'DELETE',
      url: '/api/admin/Settings?key=smtp.debug',
      as: admin,
    });
    expect(removed.statusCode).toBe(204);
    const noKey = await ctx.request({ method: 'DELETE', url: '/api/admin/Settings', as: admin });
    expect(noKey.statusCode).toBe(400);
  });

  it('refuses keys that are no keys and values too long, in Dutch on the field', async () => {
    for (const key of ['', ' ', '1begin', 'met spatie', 'x'.repeat(101), 'a/b', 'ä']) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/Setting/Add',
        as: manager,
        payload: { key, value: 'x' },
      });
      expect(response.statusCode, key).toBe(400);
      expect(json(response)).toMatchObject({ error: { fields: { key: expect.any(String) } } });
    }
    const long = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'lang', value: 'x'.repeat(10_001) },
    });
    expect(json(long)).toMatchObject({ error: { fields: { value: expect.stringContaining('hoogstens') } } });
  });
});

describe('user overrides', () => {
  it("answers a user's own value to that user only, and removes it again", async () => {
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'theme.mode', value: 'licht', isPublic: true },
    });
    const set = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/ManageUserOverride',
      as: manager,
      payload: { userId: member.id, key: 'theme.mode', value: 'donker' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const detail = settingDetailSchema.parse(json(set));
    expect(detail.overrides).toEqual([{ userId: member.id, name: expect.any(String), value: 'donker' }]);
    expect(detail.overrideCount).toBe(1);

    const mine = await ctx.request({ method: 'GET', url: '/api/settings/theme.mode', as: member });
    expect(json(mine)).toEqual({ key: 'theme.mode', value: 'donker' });
    const theirs = await ctx.request({ method: 'GET', url: '/api/settings/theme.mode', as: otherMember });
    expect(json(theirs)).toEqual({ key: 'theme.mode', value: 'licht' });
    expect(json(await ctx.request({ method: 'GET', url: '/api/settings/theme.mode' }))).toMatchObject({
      value: 'licht',
    });
    // A broken token reads as a visitor, never a refusal.
    const broken = await ctx.request({ method: 'GET', url: '/api/settings/theme.mode', as: 'kapot' });
    expect(json(broken)).toMatchObject({ value: 'licht' });

    const shown = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Setting/theme.mode',
      as: manager,
    });
    expect(json(shown)).toMatchObject({ overrides: [{ userId: member.id, value: 'donker' }] });
    const cleared = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/ManageUserOverride',
      as: manager,
      payload: { userId: member.id, key: 'theme.mode', value: null },
    });
    expect(json(cleared)).toMatchObject({ overrides: [], overrideCount: 0 });
    expect(
      json(await ctx.request({ method: 'GET', url: '/api/settings/theme.mode', as: member })),
    ).toMatchObject({
      value: 'licht',
    });
  });

  it('refuses unknown keys and users, secrets, and deletes overrides with their key', async () => {
    const post = (payload: Record<string, unknown>) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/Setting/ManageUserOverride',
        as: manager,
        payload,
      });
    expect((await post({ userId: member.id, key: 'bestaatniet', value: 'x' })).statusCode).toBe(404);
    expect((await post({ userId: 999_999, key: 'contactEmail', value: 'x' })).statusCode).toBe(404);
    expect((await post({ userId: member.id, key: 'smtp.password', value: 'x' })).statusCode).toBe(404);
    expect((await post({ userId: 'x', key: 'contactEmail', value: 'x' })).statusCode).toBe(400);
    expect((await post({ userId: member.id, key: 'contactEmail' })).statusCode).toBe(400);

    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Add',
      as: manager,
      payload: { key: 'weg', value: 'x' },
    });
    expect((await post({ userId: member.id, key: 'weg', value: 'y' })).statusCode).toBe(200);
    await ctx.request({ method: 'DELETE', url: '/api/applicationManager/Setting/weg', as: manager });
    const left = await ctx.db.select().from(userSettingOverrides).where(eq(userSettingOverrides.key, 'weg'));
    expect(left).toEqual([]);
  });
});

describe('farms apart', () => {
  it("a manager of one farm never sees or changes another farm's settings or overrides", async () => {
    const theirs = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Setting',
      as: otherManager,
      headers: otherHost,
    });
    expect(
      json<{ key: string }[]>(theirs)
        .map((s) => s.key)
        .sort(),
    ).toEqual(['shared.key', 'welcome']);
    // Our manager on our host: the other farm's keys do not exist.
    expect(
      (await ctx.request({ method: 'GET', url: '/api/applicationManager/Setting/shared.key', as: manager }))
        .statusCode,
    ).toBe(404);
    const update = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/Update',
      as: manager,
      payload: { key: 'shared.key', value: 'overgenomen' },
    });
    expect(update.statusCode).toBe(404);
    // An override for a user of the other farm: that user does not exist here.
    const override = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Setting/ManageUserOverride',
      as: manager,
      payload: { userId: otherManager.id, key: 'contactEmail', value: 'x' },
    });
    expect(override.statusCode).toBe(404);
    // Our token on their host is refused.
    const crossed = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Setting',
      as: manager,
      headers: otherHost,
    });
    expect(crossed.statusCode).toBe(401);
    expect(
      json(await ctx.request({ method: 'GET', url: '/api/settings/welcome', headers: otherHost })),
    ).toEqual({
      key: 'welcome',
      value: 'Welkom op de andere',
    });
    const [kept] = await ctx.db.select().from(settings).where(eq(settings.key, 'shared.key'));
    expect(kept?.value).toBe('van de andere');
  });
});
