import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cropDetailSchema,
  cropImportPreviewSchema,
  cropPageSchema,
  errorBodySchema,
  plukAvailabilitySchema,
  plukDetailSchema,
  plukMailRoundDetailSchema,
  plukMailRoundSchema,
  plukOfTheWeekSchema,
  plukOverviewSchema,
} from '@pluk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { apps, crops, jobs } from '../src/db/schema/index.js';
import { harvestYearOf } from '../src/modules/harvest-year.js';
import {
  createCrop,
  createField,
  createSubscription,
  setPluk,
  subscribeUser,
  type CreatedUser,
} from '../src/seed/factories.js';
import { multipartBody, multipartFile } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let cropManager: CreatedUser;
let lien: CreatedUser;
let noor: CreatedUser;
let stranger: CreatedUser;
const year = harvestYearOf(new Date(), { month: 3, day: 1 }).year;
const other = { appId: 'ander', host: 'ander.test' };
const ids = {
  veld: 0,
  serre: 0,
  sla: 0,
  wortel: 0,
  bloem: 0,
  groenten: 0,
  bloemen: 0,
  vorigJaar: 0,
  foreignCrop: 0,
  foreignSubscription: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'plukbaas', roles: ['ApplicationManager'] });
  cropManager = await ctx.createUser({ username: 'gewasbaas', roles: ['CropManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien' });
  noor = await ctx.createUser({ username: 'noor', firstName: 'Noor' });
  const appId = ctx.appId;
  ids.veld = (await createField(ctx.db, { appId, name: 'Groot veld', position: 1 })).id;
  ids.serre = (await createField(ctx.db, { appId, name: 'Serre', position: 2 })).id;
  ids.sla = (
    await createCrop(ctx.db, {
      appId,
      name: 'Sla',
      unit: 'krop',
      hint: 'Snij boven de grond',
      howToHarvest: 'Snij de krop met een mes net boven de grond.',
      fieldIds: [ids.veld],
    })
  ).id;
  ids.wortel = (await createCrop(ctx.db, { appId, name: 'Wortel', unit: 'bos', fieldIds: [ids.serre] })).id;
  ids.bloem = (await createCrop(ctx.db, { appId, name: 'Zonnebloem', unit: 'stuk' })).id;
  ids.groenten = (await createSubscription(ctx.db, { appId, name: 'Groenten', harvestYear: year })).id;
  ids.bloemen = (await createSubscription(ctx.db, { appId, name: 'Bloemen', harvestYear: year })).id;
  ids.vorigJaar = (await createSubscription(ctx.db, { appId, name: 'Groenten', harvestYear: year - 1 })).id;
  await subscribeUser(ctx.db, { appId, userId: lien.id, subscriptionId: ids.groenten });
  await subscribeUser(ctx.db, { appId, userId: lien.id, subscriptionId: ids.vorigJaar });
  await subscribeUser(ctx.db, { appId, userId: noor.id, subscriptionId: ids.bloemen });
  await setPluk(ctx.db, {
    appId,
    cropId: ids.sla,
    subscriptionId: ids.groenten,
    isPickable: true,
    amountPerShare: '2 kroppen per week',
  });
  await setPluk(ctx.db, { appId, cropId: ids.wortel, subscriptionId: ids.groenten, isPickable: false });
  await setPluk(ctx.db, { appId, cropId: ids.bloem, subscriptionId: ids.bloemen, isPickable: true });
  await setPluk(ctx.db, { appId, cropId: ids.wortel, subscriptionId: ids.vorigJaar, isPickable: true });

  await ctx.createApp({ appId: other.appId, name: 'Ander', hosts: [other.host] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  ids.foreignCrop = (await createCrop(ctx.db, { appId: other.appId, name: 'Sla' })).id;
  ids.foreignSubscription = (
    await createSubscription(ctx.db, { appId: other.appId, name: 'Groenten', harvestYear: year })
  ).id;
  await subscribeUser(ctx.db, {
    appId: other.appId,
    userId: stranger.id,
    subscriptionId: ids.foreignSubscription,
  });
  await setPluk(ctx.db, {
    appId: other.appId,
    cropId: ids.foreignCrop,
    subscriptionId: ids.foreignSubscription,
    isPickable: true,
  });
});
afterAll(() => ctx.close());

const get = (url: string, as: CreatedUser) => ctx.request({ method: 'GET', url: `/api/${url}`, as });
const post = (url: string, as: CreatedUser, payload: unknown) =>
  ctx.request({ method: 'POST', url: `/api/${url}`, as, payload: payload as Record<string, unknown> });
const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;

describe('pluk of the week (member)', () => {
  it('shows the pickable crops of my subscriptions of this year only, with amount, hint and fields', async () => {
    const response = await get('pluk/plukoftheweek', lien);
    expect(response.statusCode).toBe(200);
    const pluk = plukOfTheWeekSchema.parse(json(response));
    expect(pluk.harvestYear).toBe(year);
    expect(pluk.subscriptions).toHaveLength(1);
    expect(pluk.subscriptions[0]).toMatchObject({
      subscriptionId: ids.groenten,
      subscriptionName: 'Groenten',
    });
    expect(pluk.subscriptions[0]!.crops).toEqual([
      {
        cropId: ids.sla,
        name: 'Sla',
        unit: 'krop',
        hint: 'Snij boven de grond',
        amountPerShare: '2 kroppen per week',
        photoId: null,
        fields: [{ id: ids.veld, name: 'Groot veld' }],
      },
    ]);
  });

  it('never shows another subscription’s crops, nor another farm’s', async () => {
    const noorPluk = plukOfTheWeekSchema.parse(json(await get('pluk/plukoftheweek', noor)));
    expect(noorPluk.subscriptions.flatMap((s) => s.crops.map((c) => c.cropId))).toEqual([ids.bloem]);
    const strangerPluk = plukOfTheWeekSchema.parse(
      json(
        await ctx.request({
          method: 'GET',
          url: '/api/pluk/plukoftheweek',
          as: stranger,
          headers: { host: other.host },
        }),
      ),
    );
    expect(strangerPluk.subscriptions.flatMap((s) => s.crops.map((c) => c.cropId))).toEqual([
      ids.foreignCrop,
    ]);
  });

  it('shows one pickable crop of my subscription, else 404', async () => {
    const detail = plukDetailSchema.parse(json(await get(`pluk/${ids.sla}/${ids.groenten}`, lien)));
    expect(detail).toMatchObject({
      name: 'Sla',
      howToHarvest: 'Snij de krop met een mes net boven de grond.',
      amountPerShare: '2 kroppen per week',
      fields: [{ id: ids.veld, name: 'Groot veld', description: '' }],
    });
    // Not pickable, not my subscription, last year's, another farm's: all 404.
    for (const [crop, subscription] of [
      [ids.wortel, ids.groenten],
      [ids.bloem, ids.bloemen],
      [ids.wortel, ids.vorigJaar],
      [ids.foreignCrop, ids.foreignSubscription],
    ]) {
      expect((await get(`pluk/${crop}/${subscription}`, lien)).statusCode).toBe(404);
    }
  });

  it('hides a disabled crop', async () => {
    await post('applicationManager/Crop/Disable', cropManager, { id: ids.sla });
    expect((await get(`pluk/${ids.sla}/${ids.groenten}`, lien)).statusCode).toBe(404);
    const pluk = plukOfTheWeekSchema.parse(json(await get('pluk/plukoftheweek', lien)));
    expect(pluk.subscriptions[0]!.crops).toEqual([]);
    await post('applicationManager/Crop/Activate', cropManager, { id: ids.sla });
  });
});

describe('crops (CropManager)', () => {
  it('creates, refuses a name taken in any case, updates, activates twice alike, deletes', async () => {
    const created = await post('applicationManager/Crop/Create', cropManager, {
      name: 'Rabarber',
      unit: 'stengel',
      fieldIds: [ids.veld, ids.serre],
    });
    expect(created.statusCode).toBe(200);
    const crop = cropDetailSchema.parse(json(created));
    expect(crop.fields.map((f) => f.name)).toEqual(['Groot veld', 'Serre']);
    expect(crop.availability.map((a) => a.subscriptionId).sort()).toEqual([ids.bloemen, ids.groenten].sort());

    const taken = await post('applicationManager/Crop/Create', cropManager, { name: 'rabarBER' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'CROP_NAME_TAKEN',
      message: 'Er bestaat al een gewas met deze naam.',
    });

    const foreignField = await post('applicationManager/Crop/Create', cropManager, {
      name: 'Prei',
      fieldIds: [999_999],
    });
    expect(foreignField.statusCode).toBe(400);

    const updated = cropDetailSchema.parse(
      json(
        await post('applicationManager/Crop/Update', cropManager, {
          id: crop.id,
          name: 'Rabarber',
          description: 'Zuur en lekker',
          unit: 'stengel',
          fieldIds: [ids.serre],
        }),
      ),
    );
    expect(updated).toMatchObject({
      description: 'Zuur en lekker',
      fields: [{ id: ids.serre, name: 'Serre' }],
    });

    const disabled = json(await post('applicationManager/Crop/Disable', cropManager, { id: crop.id }));
    const again = json(await post('applicationManager/Crop/Disable', cropManager, { id: crop.id }));
    expect(again).toEqual(disabled);
    expect(disabled).toMatchObject({ isActive: false });

    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: `/api/applicationManager/Crop/${crop.id}`,
          as: cropManager,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await ctx.request({
          method: 'DELETE',
          url: `/api/applicationManager/Crop/${crop.id}`,
          as: cropManager,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists the fields to choose from for a CropManager', async () => {
    const options = await get('applicationManager/Crop/fields', cropManager);
    expect(json(options)).toEqual([
      { id: ids.veld, name: 'Groot veld' },
      { id: ids.serre, name: 'Serre' },
    ]);
    expect((await get('applicationManager/Field', cropManager)).statusCode).toBe(403);
  });

  it('answers another farm’s crop ids with 404', async () => {
    expect((await get(`applicationManager/Crop/${ids.foreignCrop}`, cropManager)).statusCode).toBe(404);
    expect(
      (await post('applicationManager/Crop/Activate', cropManager, { id: ids.foreignCrop })).statusCode,
    ).toBe(404);
    const update = await post('applicationManager/Crop/Update', cropManager, {
      id: ids.foreignCrop,
      name: 'X',
    });
    expect(update.statusCode).toBe(404);
    const remove = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/Crop/${ids.foreignCrop}`,
      as: cropManager,
    });
    expect(remove.statusCode).toBe(404);
  });

  it('lists by name, paged with a keyset cursor and a name filter', async () => {
    const first = cropPageSchema.parse(json(await get('applicationManager/Crop?pageSize=2', cropManager)));
    expect(first.items.map((c) => c.name)).toEqual(['Sla', 'Wortel']);
    expect(first.nextCursor).not.toBeNull();
    const second = cropPageSchema.parse(
      json(await get(`applicationManager/Crop?pageSize=2&page=1&after=${first.nextCursor}`, cropManager)),
    );
    expect(second.items.map((c) => c.name)).toEqual(['Zonnebloem']);
    expect(second.nextCursor).toBeNull();
    const filtered = cropPageSchema.parse(json(await get('applicationManager/Crop?filter=ORT', cropManager)));
    expect(filtered.items.map((c) => c.name)).toEqual(['Wortel']);
    const sla = first.items[0]!;
    expect(sla).toMatchObject({ pickableCount: 1, fields: [{ id: ids.veld, name: 'Groot veld' }] });
  });

  it('keeps photos in order through UpdateMedia', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const body = multipartBody([
      { name: 'id', value: String(ids.wortel) },
      { name: 'photos', fileName: 'wortel.png', type: 'image/png', data: png },
    ]);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Crop/UpdateMedia',
      as: cropManager,
      ...body,
    });
    expect(response.statusCode).toBe(200);
    const crop = cropDetailSchema.parse(json(response));
    expect(crop.photoIds).toHaveLength(1);
    const clear = multipartBody([
      { name: 'id', value: String(ids.wortel) },
      { name: 'keepPhotoIds', value: '' },
    ]);
    const cleared = cropDetailSchema.parse(
      json(
        await ctx.request({
          method: 'POST',
          url: '/api/applicationManager/Crop/UpdateMedia',
          as: cropManager,
          ...clear,
        }),
      ),
    );
    expect(cleared.photoIds).toEqual([]);
  });
});

describe('fields (FieldManager)', () => {
  it('creates a field, refuses a taken name and deleting one a crop grows on, with the crop named', async () => {
    const created = await post('applicationManager/Field/Create', manager, { name: 'Boomgaard' });
    expect(created.statusCode).toBe(200);
    const field = json<{ id: number; cropCount: number }>(created);
    expect(field.cropCount).toBe(0);
    const taken = await post('applicationManager/Field/Create', manager, { name: 'boomgaard' });
    expect(errorOf(taken).code).toBe('FIELD_NAME_TAKEN');

    const inUse = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/Field/DeleteRow?id=${ids.veld}`,
      as: manager,
    });
    expect(inUse.statusCode).toBe(409);
    expect(errorOf(inUse)).toMatchObject({ code: 'FIELD_IN_USE' });
    expect(errorOf(inUse).message).toContain('Sla');

    const url = `/api/applicationManager/Field/DeleteRow?id=${field.id}`;
    expect((await ctx.request({ method: 'DELETE', url, as: manager })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'DELETE', url, as: manager })).statusCode).toBe(404);
    const list = json<{ name: string }[]>(await get('applicationManager/Field', manager));
    expect(list.map((f) => f.name)).toEqual(['Groot veld', 'Serre']);
  });
});

describe('pluk (PlukManager)', () => {
  it('toggles, activates and disables idempotently, sets the amount', async () => {
    const key = { cropId: ids.bloem, subscriptionId: ids.groenten };
    const fresh = plukAvailabilitySchema.parse(
      json(await get(`applicationManager/pluk/${ids.bloem}/${ids.groenten}`, manager)),
    );
    expect(fresh).toMatchObject({ isPickable: false, amountPerShare: '', updatedAt: null });
    const toggled = plukAvailabilitySchema.parse(
      json(await post('applicationManager/pluk/toggle', manager, key)),
    );
    expect(toggled.isPickable).toBe(true);
    const activated = json(await post('applicationManager/pluk/Activate', manager, key));
    expect(activated).toEqual(toggled);
    const disabled = plukAvailabilitySchema.parse(
      json(await post('applicationManager/pluk/Disable', manager, key)),
    );
    expect(disabled.isPickable).toBe(false);
    const amount = plukAvailabilitySchema.parse(
      json(await post('applicationManager/pluk/SetAmount', manager, { ...key, amountPerShare: '3 stuks' })),
    );
    expect(amount).toMatchObject({ isPickable: false, amountPerShare: '3 stuks' });
    const available = plukAvailabilitySchema.parse(json(await post('Crop/UpdateAvailability', manager, key)));
    expect(available).toMatchObject({ isPickable: true, amountPerShare: '3 stuks' });
    const lienPluk = plukOfTheWeekSchema.parse(json(await get('pluk/plukoftheweek', lien)));
    expect(lienPluk.subscriptions[0]!.crops.map((c) => c.name)).toEqual(['Sla', 'Zonnebloem']);
    await post('Crop/UpdateAvailability', manager, { ...key, isPickable: false });
  });

  it('shows the grid and a crop’s rows; another farm’s ids are 404', async () => {
    const grid = plukOverviewSchema.parse(json(await get('applicationManager/pluk/overview', manager)));
    expect(grid.harvestYear).toBe(year);
    expect(grid.subscriptions.map((s) => s.name)).toEqual(['Bloemen', 'Groenten']);
    expect(grid.cells).toContainEqual({
      cropId: ids.sla,
      subscriptionId: ids.groenten,
      isPickable: true,
      amountPerShare: '2 kroppen per week',
    });
    const ofCrop = json<{ availability: unknown[] }>(
      await get(`applicationManager/pluk/${ids.sla}`, manager),
    );
    expect(ofCrop.availability).toHaveLength(2);
    for (const key of [
      { cropId: ids.foreignCrop, subscriptionId: ids.groenten },
      { cropId: ids.sla, subscriptionId: ids.foreignSubscription },
    ]) {
      expect((await post('applicationManager/pluk/toggle', manager, key)).statusCode).toBe(404);
      expect((await post('Crop/UpdateAvailability', manager, key)).statusCode).toBe(404);
    }
    expect((await get(`applicationManager/pluk/${ids.foreignCrop}`, manager)).statusCode).toBe(404);
  });

  it('refuses pluk changes to a CropManager', async () => {
    const key = { cropId: ids.sla, subscriptionId: ids.groenten };
    expect((await post('applicationManager/pluk/toggle', cropManager, key)).statusCode).toBe(403);
  });
});

describe('pluk mail', () => {
  it('previews, queues one e-mail per member once, and reports the round per recipient', async () => {
    const preview = json<{ recipients: number; exampleText: string }>(
      await post('applicationManager/PlukOfTheWeekEmails/Preview', manager, {
        subscriptionIds: [ids.groenten],
      }),
    );
    expect(preview.recipients).toBe(1);
    expect(preview.exampleText).toContain('- Sla: 2 kroppen per week');

    const body = { subscriptionIds: [ids.groenten, ids.bloemen], idempotencyKey: 'pluk-round-1' };
    // The path under Management (docs/product/membership.md, "Harvest (pluk)"); the former path answers the
    // same round.
    const first = plukMailRoundSchema.parse(
      json(await post('applicationManager/Management/GeneratePlukOfTheWeekEmails', manager, body)),
    );
    expect(first.recipients).toBe(2);
    expect(first.subscriptionNames).toEqual(['Bloemen', 'Groenten']);
    const repeat = plukMailRoundSchema.parse(
      json(await post('applicationManager/GeneratePlukOfTheWeekEmails', manager, body)),
    );
    expect(repeat.id).toBe(first.id);
    // A second click with a new key mails nobody the same list twice.
    const second = plukMailRoundSchema.parse(
      json(
        await post('applicationManager/GeneratePlukOfTheWeekEmails', manager, {
          ...body,
          idempotencyKey: 'pluk-round-2',
        }),
      ),
    );
    expect(second.id).not.toBe(first.id);
    expect(second.recipients).toBe(0);
    const reused = await post('applicationManager/GeneratePlukOfTheWeekEmails', manager, {
      subscriptionIds: [ids.groenten],
      idempotencyKey: 'pluk-round-1',
    });
    expect(errorOf(reused).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const [queued] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.appId, ctx.appId), sql`${jobs.idempotencyKey} like 'pluk-mail:%'`));
    expect(queued?.n).toBe(2);

    await ctx.app.jobs.drain();
    const round = plukMailRoundDetailSchema.parse(
      json(await get(`applicationManager/PlukOfTheWeekEmails/${first.id}`, manager)),
    );
    // The test farm has no SMTP settings: recorded, not sent.
    expect(round).toMatchObject({ recipients: 2, notSent: 2, waiting: 0, failed: 0 });
    expect(round.recipientList.map((r) => r.name).sort()).toEqual(['Lien Testlid', 'Noor Testlid']);
    const rounds = json<{ id: number }[]>(await get('applicationManager/PlukOfTheWeekEmails', manager));
    expect(rounds.map((r) => r.id)).toEqual([second.id, first.id]);

    const foreign = await post('applicationManager/PlukOfTheWeekEmails/Preview', manager, {
      subscriptionIds: [ids.foreignSubscription],
    });
    expect(foreign.statusCode).toBe(404);
    const foreignManager = await ctx.createUser({
      appId: other.appId,
      username: 'vreemdebaas',
      roles: ['PlukManager'],
    });
    const foreignRound = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/PlukOfTheWeekEmails/${first.id}`,
      as: foreignManager,
      headers: { host: other.host },
    });
    expect(foreignRound.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Import

async function xlsx(rows: unknown[][], edit?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Gewassen');
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const header = ['Naam', 'Beschrijving', 'Hoe oogsten', 'Tip', 'Eenheid', 'Velden', 'Actief'];
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importCall = (step: 'Preview' | 'Confirm', file: Buffer, name: string, type = xlsxType) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/Crop/Import/${step}`,
    as: cropManager,
    ...multipartFile('file', name, type, file),
  });

/** A zip with one entry of `size` zero bytes, deflated (a few kB for many MB). */
function zipBomb(size: number): Buffer {
  const content = deflateRawSync(Buffer.alloc(size));
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(content.length, 20);
  // The header understates the size: only inflating tells.
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  const directoryOffset = local.length + name.length + content.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

describe('crop import', () => {
  it('previews a .csv with every row, naming row and column of each Dutch error, and writes nothing', async () => {
    const csv = [
      'Naam;Eenheid;Velden;Actief',
      'Pompoen;stuk;Groot veld;ja',
      ';bos;;',
      'Prei;stengel;Maanveld;misschien',
      'pompoen;stuk;;nee',
      'Sla;krop;Serre, groot veld;ja',
    ].join('\r\n');
    const response = await importCall('Preview', Buffer.from(csv), 'gewassen.csv', 'text/csv');
    expect(response.statusCode).toBe(200);
    const preview = cropImportPreviewSchema.parse(json(response));
    expect(preview.rows.map((r) => [r.row, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'create'],
      [5, 'create'],
      [6, 'update'],
    ]);
    expect(preview.rows[1]!.errors).toEqual([{ row: 3, column: 'Naam', message: 'Vul een naam in.' }]);
    expect(preview.rows[2]!.errors).toEqual([
      { row: 4, column: 'Actief', message: 'Schrijf ja of nee.' },
      { row: 4, column: 'Velden', message: 'Dit veld bestaat niet: Maanveld. Maak het eerst aan.' },
    ]);
    expect(preview.rows[3]!.errors).toEqual([
      { row: 5, column: 'Naam', message: 'Deze naam staat al op rij 2.' },
    ]);
    expect(preview.canImport).toBe(false);

    const confirm = await importCall('Confirm', Buffer.from(csv), 'gewassen.csv', 'text/csv');
    expect(confirm.statusCode).toBe(400);
    expect(errorOf(confirm).code).toBe('IMPORT_INVALID');
    expect(errorOf(confirm).message).toContain('Rij 3, kolom Naam');
    const [pompoen] = await ctx.db.select().from(crops).where(eq(crops.name, 'Pompoen'));
    expect(pompoen).toBeUndefined();
  });

  it('imports 2,000 rows of an .xlsx in one go, and a re-import updates by name instead of duplicating', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [
      `Gewas ${String(i).padStart(4, '0')}`,
      'Beschrijving',
      'Plukken',
      'Tip',
      'stuk',
      i % 2 === 0 ? 'Groot veld' : 'Serre; Groot veld',
      'ja',
    ]);
    const file = await xlsx([header, ...rows]);
    const started = Date.now();
    const response = await importCall('Confirm', file, 'gewassen.xlsx');
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({ created: 2000, updated: 0 });
    expect(Date.now() - started).toBeLessThan(60_000);

    const again = await xlsx([
      header,
      ['GEWAS 0000', 'Nieuw', '', '', 'kg', 'Serre', 'nee'],
      ...rows.slice(1, 3),
    ]);
    const preview = cropImportPreviewSchema.parse(json(await importCall('Preview', again, 'opnieuw.xlsx')));
    expect(preview).toMatchObject({ creates: 0, updates: 3, canImport: true });
    expect(json(await importCall('Confirm', again, 'opnieuw.xlsx'))).toMatchObject({
      created: 0,
      updated: 3,
    });
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crops)
      .where(and(eq(crops.appId, ctx.appId), sql`lower(${crops.name}) like 'gewas %'`));
    expect(count?.n).toBe(2000);
    const [updated] = await ctx.db
      .select()
      .from(crops)
      .where(and(eq(crops.appId, ctx.appId), eq(crops.name, 'GEWAS 0000')));
    expect(updated).toMatchObject({ description: 'Nieuw', unit: 'kg', isActive: false });
  }, 120_000);

  it('refuses formula cells, huge cells, a zip bomb and what is no spreadsheet, with a Dutch error', async () => {
    const formula = await xlsx([header, ['Sla']], (sheet) => {
      sheet.getCell('B2').value = { formula: 'A2&"!"', result: 'Sla!' } as ExcelJS.CellFormulaValue;
    });
    const huge = await xlsx([header, ['Sla', 'x'.repeat(6000)]]);
    const tooLong = await xlsx([header, ...Array.from({ length: 5001 }, (_, i) => [`Gewas ${i}`])]);
    const tooWide = await xlsx(Array.from({ length: 200 }, () => Array.from({ length: 800 }, () => 1)));
    const csvFormula = Buffer.from('Naam;Beschrijving\nSla;=HYPERLINK("http://kwaad.test")\n');
    const cases: [Buffer, string, string, RegExp][] = [
      [formula, 'formule.xlsx', xlsxType, /Rij 2, kolom B: deze cel bevat een formule/],
      [huge, 'groot.xlsx', xlsxType, /Rij 2, kolom B: deze cel is langer dan 5000 tekens/],
      [csvFormula, 'formule.csv', 'text/csv', /Rij 2, kolom B: deze cel bevat een formule/],
      [zipBomb(60 * 1024 * 1024), 'bom.xlsx', xlsxType, /pakt uit tot meer dan 50 MB/],
      [tooLong, 'lang.xlsx', xlsxType, /meer dan 5000 rijen/],
      [tooWide, 'breed.xlsx', xlsxType, /te veel cellen/],
      [Buffer.from('%PDF-1.4 niets'), 'iets.pdf', 'application/pdf', /Kies een \.xlsx- of \.csv-bestand/],
      [Buffer.from('PK\u0003\u0004kapot'), 'kapot.xlsx', xlsxType, /beschadigd/],
    ];
    for (const [data, name, type, message] of cases) {
      for (const step of ['Preview', 'Confirm'] as const) {
        const response = await importCall(step, data, name, type);
        expect(response.statusCode, `${name} ${step}: ${response.body}`).toBe(400);
        expect(errorOf(response).code).toBe('IMPORT_FILE_REFUSED');
        expect(errorOf(response).message).toMatch(message);
      }
    }
  });
});

describe('removing a farm', () => {
  it('deletes its fields, crops, subscriptions and pluk rows with it', async () => {
    await ctx.db.delete(apps).where(eq(apps.appId, other.appId));
    const [left] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(crops)
      .where(eq(crops.appId, other.appId));
    expect(left?.n).toBe(0);
  });
});
