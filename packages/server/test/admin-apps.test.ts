import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdAppSchema } from '@pluk/contract';
import { apps, jobs, settings, users } from '../src/db/schema/index.js';
import { enqueue } from '../src/jobs/queue.js';
import { seedSecondDemoFarm, secondDemoFarm } from '../src/seed/demo-second-farm.js';
import type { CreatedUser } from '../src/seed/factories.js';
import {
  createFarmThroughApi,
  newFarmFields,
  postNewFarm,
  rowCounts,
  tablesWithAppId,
} from './helpers/admin.js';
import { codeOf, expectFieldError } from './helpers/bank-core.js';
import { tinyPng } from './helpers/multipart.js';
import { createTestContext, type TestContext } from './helpers/test-app.js';

/**
 * The Admin's farms (decision 084): createApp makes a farm that answers on its host at once, with a
 * first Admin who logs in there; removeApp deletes one farm and all its rows, jobs and files after its
 * name was typed, and not one row of any other farm.
 */

let ctx: TestContext;
let dataDir: string;
let admin: CreatedUser;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'pluk-admin-'));
  ctx = await createTestContext({ config: { dataDir } });
  admin = await ctx.createUser({ username: 'hoofd-admin', roles: ['Admin'] });
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

const onHost = (host: string) => ({ host });

describe('createApp', () => {
  it('makes a farm that answers on its host at once, and its first Admin logs in there', async () => {
    // The host answered as the default farm before (and that answer is cached).
    const before = await ctx.request({ method: 'GET', url: '/api/info', headers: onHost('nieuw.test') });
    expect(before.json()).toMatchObject({ appId: 'farm' });

    const response = await postNewFarm(
      ctx,
      admin,
      newFarmFields('nieuw', {
        name: 'De Nieuwe Hoeve',
        hosts: 'nieuw.test, WWW.Nieuw.test',
        localeVariant: 'nl-be-cooperative',
      }),
      [{ name: 'logo', fileName: 'logo.png', type: 'image/png', data: tinyPng }],
    );
    expect(response.statusCode, response.body).toBe(201);
    const created = createdAppSchema.parse(response.json());
    expect(created).toMatchObject({
      appId: 'nieuw',
      name: 'De Nieuwe Hoeve',
      hosts: ['nieuw.test', 'www.nieuw.test'],
      address: 'http://nieuw.test',
    });

    const info = await ctx.request({
      method: 'GET',
      url: '/api/info',
      headers: onHost('www.nieuw.test:3000'),
    });
    expect(info.json()).toMatchObject({
      appId: 'nieuw',
      appName: 'De Nieuwe Hoeve',
      localeVariant: 'nl-be-cooperative',
    });
    expect(
      (await ctx.request({ method: 'GET', url: '/api/info', headers: onHost('nieuw.test') })).json(),
    ).toMatchObject({ appId: 'nieuw' });
    const colors = await ctx.request({
      method: 'GET',
      url: '/api/info/colors',
      headers: onHost('nieuw.test'),
    });
    expect(colors.json()).toEqual({ primary: '#336699', secondary: '#99ccff', background: '#fafafa' });
    const logo = await ctx.request({ method: 'GET', url: '/api/info/logo', headers: onHost('nieuw.test') });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/png/);

    const login = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: onHost('nieuw.test'),
      payload: { username: 'eerste-admin', password: 'een-lang-nieuw-wachtwoord' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = (login.json() as { token: string }).token;
    const me = await ctx.request({
      method: 'GET',
      url: '/api/user',
      as: token,
      headers: onHost('nieuw.test'),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ username: 'eerste-admin', roles: ['Admin'] });
    // Not an account of the farm it was made from.
    const elsewhere = await ctx.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'eerste-admin', password: 'een-lang-nieuw-wachtwoord' },
    });
    expect(elsewhere.statusCode).toBe(401);

    // Its address for e-mail links, and the first Admin's welcome e-mail pointing at it.
    const [publicUrl] = await ctx.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.appId, 'nieuw'));
    expect(publicUrl?.value).toBe('http://nieuw.test');
    const [welcome] = await ctx.db.select().from(jobs).where(like(jobs.idempotencyKey, 'welcome:nieuw:%'));
    expect(welcome?.payload).toMatchObject({
      mail: {
        to: 'admin@nieuw.test',
        values: { loginUrl: 'http://nieuw.test/login', appName: 'De Nieuwe Hoeve' },
      },
    });
  });

  it('is only for an Admin of the default farm', async () => {
    await ctx.createApp({ appId: 'klein', hosts: ['klein.test'] });
    const smallAdmin = await ctx.createUser({ appId: 'klein', username: 'klein-admin', roles: ['Admin'] });
    const refused = await postNewFarm(ctx, smallAdmin, newFarmFields('van-klein'), [], 'klein.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: /hoofdboerderij/ } });
    const manager = await ctx.createUser({ username: 'app-manager', roles: ['ApplicationManager'] });
    expect((await postNewFarm(ctx, manager, newFarmFields('van-manager'))).statusCode).toBe(403);
    expect(await ctx.db.select().from(apps).where(like(apps.appId, 'van-%'))).toEqual([]);
  });

  it('refuses bad input with a Dutch message on the field, and makes nothing', async () => {
    const cases: [string, Record<string, string | string[]>, string][] = [
      ['app id with capitals', { appId: 'Nieuwe_Hoeve' }, 'appId'],
      ['app id starting with a dash', { appId: '-hoeve' }, 'appId'],
      ['no host', { hosts: [] }, 'hosts'],
      ['host with a scheme', { hosts: 'http://x.test' }, 'hosts'],
      ['host with a port', { hosts: 'x.test:8080' }, 'hosts'],
      ['the same host twice', { hosts: ['x.test', 'X.test'] }, 'hosts'],
      ['colour name', { colorPrimary: 'green' }, 'colorPrimary'],
      ['short colour', { colorBackground: '#fff' }, 'colorBackground'],
      ['unknown locale variant', { localeVariant: 'fr-be' }, 'localeVariant'],
      ['short password', { adminPassword: 'kort' }, 'adminPassword'],
      ['common password', { adminPassword: 'password123' }, 'adminPassword'],
      ['bad username', { adminUsername: 'a b' }, 'adminUsername'],
      ['bad e-mail', { adminEmail: 'geen-adres' }, 'adminEmail'],
      ['no name', { name: '  ' }, 'name'],
      ['no first name', { adminFirstName: '' }, 'adminFirstName'],
    ];
    for (const [why, override, field] of cases) {
      const response = await postNewFarm(ctx, admin, newFarmFields('slecht', override));
      expectFieldError(response, field, /[a-z]/, why);
    }
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const notImage = await postNewFarm(ctx, admin, newFarmFields('slecht'), [
      { name: 'logo', fileName: 'logo.pdf', type: 'image/png', data: pdf },
    ]);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({
      error: { code: 'FILE_TYPE_NOT_ALLOWED', fields: { logo: /afbeelding/ } },
    });
    const twoLogos = await postNewFarm(ctx, admin, newFarmFields('slecht'), [
      { name: 'logo', fileName: 'a.png', type: 'image/png', data: tinyPng },
      { name: 'logo', fileName: 'b.png', type: 'image/png', data: tinyPng },
    ]);
    expectFieldError(twoLogos, 'logo');
    const fileElsewhere = await postNewFarm(ctx, admin, newFarmFields('slecht'), [
      { name: 'name', fileName: 'a.png', type: 'image/png', data: tinyPng },
    ]);
    expect(fileElsewhere.statusCode).toBe(400);
    const json = await ctx.request({
      method: 'POST',
      url: '/api/Admin/AdminAction/createApp',
      as: admin,
      payload: newFarmFields('slecht'),
    });
    expect(json.statusCode).toBe(415);
    expect(await ctx.db.select().from(apps).where(eq(apps.appId, 'slecht'))).toEqual([]);
  });

  it('answers 409 for a taken app id or host name, naming it', async () => {
    await createFarmThroughApi(ctx, admin, 'bezet');
    const sameId = await postNewFarm(ctx, admin, newFarmFields('bezet', { hosts: 'ander.test' }));
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json()).toMatchObject({ error: { code: 'APP_ID_TAKEN', fields: { appId: /app-id/ } } });
    const defaultHost = await postNewFarm(
      ctx,
      admin,
      newFarmFields('kaper', { hosts: ['kaper.test', 'farm.test'] }),
    );
    expect(defaultHost.statusCode).toBe(409);
    expect(defaultHost.json()).toMatchObject({
      error: { code: 'HOST_TAKEN', fields: { hosts: /farm\.test/ } },
    });
    expect(await ctx.db.select().from(apps).where(eq(apps.appId, 'kaper'))).toEqual([]);
    // The default farm still answers its host.
    expect((await ctx.request({ method: 'GET', url: '/api/info' })).json()).toMatchObject({ appId: 'farm' });
  });
});

describe('removeApp', () => {
  const remove = (as: { id: number; appId: string } | string, host: string, confirmName?: string) =>
    ctx.request({
      method: 'GET',
      url: '/api/Admin/AdminAction/removeApp',
      as,
      headers: onHost(host),
      query: confirmName === undefined ? {} : { confirmName },
    });

  it('deletes one farm with all its rows, jobs and files, and not one row of another farm', async () => {
    // A farm full of data (the second demo farm), next to the default farm and a third one.
    await seedSecondDemoFarm(ctx.db, 'pluk-demo-test', dataDir);
    const derde = await createFarmThroughApi(ctx, admin, 'derde');
    await ctx.createUser({ appId: 'derde', username: 'derde-lid' });
    await enqueue(ctx.db, [
      { appId: secondDemoFarm.appId, kind: 'test', idempotencyKey: 'admin-test:hetveld', payload: {} },
      { appId: 'derde', kind: 'test', idempotencyKey: 'admin-test:derde', payload: {} },
      { appId: null, kind: 'test', idempotencyKey: 'admin-test:server', payload: {} },
    ]);
    const mediaDir = join(dataDir, 'media', secondDemoFarm.appId);
    await mkdir(mediaDir, { recursive: true });
    await writeFile(join(mediaDir, 'extra.bin'), 'x');
    const otherMedia = join(dataDir, 'media', 'derde');
    await mkdir(otherMedia, { recursive: true });
    await writeFile(join(otherMedia, 'keep.bin'), 'x');

    const tables = await tablesWithAppId(ctx);
    expect(tables).toEqual(expect.arrayContaining(['apps', 'app_hosts', 'jobs', 'users', 'ledger_entries']));
    expect(tables.length).toBeGreaterThan(40);
    const removedBefore = await rowCounts(ctx, tables, 'of', secondDemoFarm.appId);
    // The demo farm really has rows in many tables, so the deletion is tested on them.
    expect(Object.values(removedBefore).filter((n) => n > 0).length).toBeGreaterThan(15);
    const othersBefore = await rowCounts(ctx, tables, 'besides', secondDemoFarm.appId);

    const [hetVeldAdmin] = await ctx.db
      .select({ id: users.id, appId: users.appId })
      .from(users)
      .where(eq(users.email, 'admin@hetveld.be'));
    const host = secondDemoFarm.host;
    // A wrong or missing name changes nothing.
    const wrong = await remove(hetVeldAdmin!, host, 'Het Veld');
    expectFieldError(wrong, 'confirmName', /niet de naam/);
    expectFieldError(await remove(hetVeldAdmin!, host), 'confirmName');
    expect(await rowCounts(ctx, tables, 'of', secondDemoFarm.appId)).toEqual(removedBefore);

    const removed = await remove(hetVeldAdmin!, host, '  coöperatie het veld ');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ appId: 'hetveld', name: 'Coöperatie Het Veld' });

    const removedAfter = await rowCounts(ctx, tables, 'of', secondDemoFarm.appId);
    expect(Object.entries(removedAfter).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowCounts(ctx, tables, 'besides', secondDemoFarm.appId)).toEqual(othersBefore);
    await expect(readdir(mediaDir)).rejects.toThrow();
    expect(await readdir(otherMedia)).toEqual(['keep.bin']);

    // Its host answers as the default farm at once; its Admin's token works nowhere.
    expect(
      (await ctx.request({ method: 'GET', url: '/api/info', headers: onHost(host) })).json(),
    ).toMatchObject({
      appId: 'farm',
    });
    const me = await ctx.request({
      method: 'GET',
      url: '/api/user',
      as: hetVeldAdmin!,
      headers: onHost(host),
    });
    expect(me.statusCode).toBe(401);
    expect(derde.appId).toBe('derde');
  });

  it('keeps the default farm, and needs an Admin of the farm itself', async () => {
    const kept = await remove(admin, 'farm.test', 'Testhoeve');
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ error: { code: 'DEFAULT_APP', message: /hoofdboerderij/ } });
    await createFarmThroughApi(ctx, admin, 'blijft');
    // An Admin of the default farm is no Admin of this farm: the token is another farm's.
    expect((await remove(admin, 'blijft.test', 'Boerderij blijft')).statusCode).toBe(401);
    const manager = await ctx.createUser({
      appId: 'blijft',
      username: 'blijft-beheerder',
      roles: ['ApplicationManager'],
    });
    expect(codeOf(await remove(manager, 'blijft.test', 'Boerderij blijft'))).toBe('FORBIDDEN');
    expect(
      await ctx.db.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, 'blijft')),
    ).toHaveLength(1);
  });
});
