import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, importBatchSchema } from '@pluk/contract';
import { and, eq } from 'drizzle-orm';
import { cropFields, crops } from '../src/db/schema/index.js';
import {
  createCrop,
  createField,
  createSubscription,
  setPluk,
  type CreatedUser,
} from '../src/seed/factories.js';
import { importProgress } from '../src/lib/import-progress.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

// Decision 094: a crop import is one batch that can be undone while nothing uses its rows; a template to
// start from; progress counted by a key the browser chooses.

let ctx: TestContext;
let cropManager: CreatedUser;
let member: CreatedUser;
let stranger: CreatedUser;
const other = { appId: 'ander', host: 'ander.test' };
let serre = 0;
let veld = 0;
let sla = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  cropManager = await ctx.createUser({
    username: 'gewasbaas',
    firstName: 'Gijs',
    lastName: 'Gewas',
    roles: ['CropManager'],
  });
  member = await ctx.createUser({ username: 'lid' });
  serre = (await createField(ctx.db, { appId: ctx.appId, name: 'Serre' })).id;
  veld = (await createField(ctx.db, { appId: ctx.appId, name: 'Veld' })).id;
  sla = (await createCrop(ctx.db, { appId: ctx.appId, name: 'Sla', unit: 'krop', fieldIds: [serre] })).id;
  await ctx.createApp({ appId: other.appId, name: 'Ander', hosts: [other.host] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd', roles: ['CropManager'] });
});
afterAll(() => ctx.close());

const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;

const confirm = (csv: string, progressKey?: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/Crop/Import/Confirm${progressKey ? `?progressKey=${progressKey}` : ''}`,
    as: cropManager,
    ...multipartFile('file', 'gewassen.csv', 'text/csv', Buffer.from(csv)),
  });
const batches = async (as: CreatedUser = cropManager) =>
  importBatchSchema
    .array()
    .parse(
      json(await ctx.request({ method: 'GET', url: '/api/applicationManager/Crop/Import/Batches', as })),
    );
const undo = (id: number, as: CreatedUser = cropManager, host?: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/Crop/Import/Batches/${id}/Undo`,
    as,
    ...(host ? { headers: { host } } : {}),
  });
const cropNamed = async (name: string) =>
  (
    await ctx.db
      .select()
      .from(crops)
      .where(and(eq(crops.appId, ctx.appId), eq(crops.name, name)))
  )[0];

describe('crop import batches', () => {
  it('offers a template with the Dutch headers the import reads, to crop managers only', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Crop/Import/Template',
      as: cropManager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('gewassen-sjabloon.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = workbook.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([
      'Naam',
      'Beschrijving',
      'Hoe oogsten',
      'Tip',
      'Eenheid',
      'Velden',
      'Actief',
    ]);
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
    expect(workbook.worksheets[1]!.name).toBe('Uitleg');
    const forMember = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Crop/Import/Template',
      as: member,
    });
    expect(forMember.statusCode).toBe(403);
  });

  it('undoes an import: created crops go, changed crops get their values and fields back; twice is refused', async () => {
    const response = await confirm('Naam;Eenheid;Velden\nPompoen;stuk;Veld\nPrei;stengel;\nSla;kg;Veld\n');
    expect(response.statusCode, response.body).toBe(200);
    const result = json(response) as { created: number; updated: number; batchId: number };
    expect(result).toMatchObject({ created: 2, updated: 1 });
    expect((await cropNamed('Sla'))?.unit).toBe('kg');

    const [listed] = await batches();
    expect(listed).toMatchObject({
      id: result.batchId,
      fileName: 'gewassen.csv',
      createdBy: 'Gijs Gewas',
      createdCount: 2,
      updatedCount: 1,
      undoneAt: null,
      blockedBecause: null,
    });

    const undone = await undo(result.batchId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone)).toEqual({ deleted: 2, restored: 1 });
    expect(await cropNamed('Pompoen')).toBeUndefined();
    expect(await cropNamed('Prei')).toBeUndefined();
    expect((await cropNamed('Sla'))?.unit).toBe('krop');
    const links = await ctx.db.select().from(cropFields).where(eq(cropFields.cropId, sla));
    expect(links.map((l) => l.fieldId)).toEqual([serre]);
    expect((await batches())[0]!.undoneAt).not.toBeNull();

    const again = await undo(result.batchId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'IMPORT_ALREADY_UNDONE',
      message: 'Deze import werd al ongedaan gemaakt.',
    });
  });

  it('refuses to undo while a created crop has pluk or a changed crop was edited since, naming them', async () => {
    const first = json(await confirm('Naam;Eenheid\nBoon;kg\nErwt;kg\n')) as { batchId: number };
    const subscription = await createSubscription(ctx.db, {
      appId: ctx.appId,
      name: 'Groenten',
      harvestYear: 2026,
    });
    const boon = (await cropNamed('Boon'))!;
    await setPluk(ctx.db, {
      appId: ctx.appId,
      cropId: boon.id,
      subscriptionId: subscription.id,
      isPickable: true,
    });
    const blocked = await undo(first.batchId);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).code).toBe('IMPORT_IN_USE');
    expect(errorOf(blocked).message).toContain('Boon');
    expect(errorOf(blocked).message).not.toContain('Erwt');
    expect((await batches()).find((b) => b.id === first.batchId)?.blockedBecause).toContain('Boon');
    // Nothing was undone: Erwt stays too (one transaction).
    expect(await cropNamed('Erwt')).toBeDefined();

    const second = json(await confirm('Naam;Eenheid\nErwt;stuk\n')) as { batchId: number };
    const edit = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Crop/Update',
      as: cropManager,
      payload: { id: (await cropNamed('Erwt'))!.id, name: 'Erwt', unit: 'zak', fieldIds: [veld] },
    });
    expect(edit.statusCode, edit.body).toBeLessThan(300);
    const changed = await undo(second.batchId);
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed).message).toContain('Erwt');
  });

  it("counts progress by the browser's key, for its own farm only", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `Teller ${i};stuk`).join('\n');
    const response = await confirm(`Naam;Eenheid\n${rows}\n`, 'voortgang-1234');
    expect(response.statusCode).toBe(200);
    const progress = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Crop/Import/Progress?progressKey=voortgang-1234',
      as: cropManager,
    });
    expect(json(progress)).toEqual({ done: 250, total: 250, finished: true });
    const foreign = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Crop/Import/Progress?progressKey=voortgang-1234',
      as: stranger,
      headers: { host: other.host },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Crop/Import/Progress?progressKey=x',
      as: cropManager,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('steps the count while it writes', () => {
    const seen: number[] = [];
    const reporter = importProgress.start('app', 'sleutel-abcdef', 300);
    reporter.step(100);
    seen.push(importProgress.get('app', 'sleutel-abcdef')!.done);
    reporter.step(400);
    seen.push(importProgress.get('app', 'sleutel-abcdef')!.done);
    reporter.finish();
    expect(seen).toEqual([100, 300]);
    expect(importProgress.get('app', 'sleutel-abcdef')?.finished).toBe(true);
    expect(importProgress.get('ander', 'sleutel-abcdef')).toBeNull();
  });

  it("never undoes or lists another farm's import", async () => {
    const mine = json(await confirm('Naam\nRadijs\n')) as { batchId: number };
    const foreign = await undo(mine.batchId, stranger, other.host);
    expect(foreign.statusCode).toBe(404);
    expect(await batches(stranger).catch(() => [])).toEqual([]);
    expect(await cropNamed('Radijs')).toBeDefined();
    const ids = (await batches()).map((b) => b.id);
    expect(ids).toContain(mine.batchId);
  });
});
