import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { errorBodySchema, importBatchSchema, memberImportPreviewSchema } from '@pluk/contract';
import { jobs, users } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { multipartFile } from './helpers/multipart.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

// Decision 097: the members' spreadsheet import, the crop import's twin — template, preview with problems
// in Dutch, one transaction, welcome mail only when asked, one batch to undo while nobody used it.

let ctx: TestContext;
let manager: CreatedUser;
let cropManager: CreatedUser;
let stranger: CreatedUser;
const other = { appId: 'ander', host: 'ander.test' };
const header = 'Voornaam;Achternaam;E-mail;Telefoon;Straat;Huisnummer;Postcode;Gemeente;Gebruikersnaam';

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({
    username: 'ledenbaas',
    firstName: 'Lies',
    lastName: 'Leden',
    email: 'lies@boerderij.test',
    roles: ['ApplicationManager'],
  });
  cropManager = await ctx.createUser({ username: 'gewasbaas', roles: ['CropManager'] });
  await ctx.createUser({ username: 'bestaand', email: 'bestaand@voorbeeld.be' });
  await ctx.createApp({ appId: other.appId, name: 'Ander', hosts: [other.host] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd', roles: ['ApplicationManager'] });
});
afterAll(() => ctx.close());

const errorOf = (response: { body: string }) => errorBodySchema.parse(JSON.parse(response.body)).error;
const file = (csv: string, name = 'leden.csv', type = 'text/csv') =>
  multipartFile('file', name, type, Buffer.from(csv));
const preview = (csv: string, as: CreatedUser = manager) =>
  ctx.request({ method: 'POST', url: '/api/applicationManager/User/Import/Preview', as, ...file(csv) });
const confirm = (csv: string, query = '', as: CreatedUser = manager) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/User/Import/Confirm${query}`,
    as,
    ...file(csv),
  });
const undo = (id: number, as: CreatedUser = manager, host?: string) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/User/Import/Batches/${id}/Undo`,
    as,
    ...(host ? { headers: { host } } : {}),
  });
const batches = async (as: CreatedUser = manager, host?: string) =>
  importBatchSchema.array().parse(
    json(
      await ctx.request({
        method: 'GET',
        url: '/api/applicationManager/User/Import/Batches',
        as,
        ...(host ? { headers: { host } } : {}),
      }),
    ),
  );
const userByEmail = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.appId, ctx.appId), eq(users.email, email)))
  )[0];
const welcomeJobs = (batchId: number) =>
  ctx.db
    .select()
    .from(jobs)
    .where(like(jobs.idempotencyKey, `welcome:${ctx.appId}:%:import-${batchId}`));

describe('member import', () => {
  it('offers a template with the Dutch headers, to managers only', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/User/Import/Template',
      as: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('leden-sjabloon.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(header.split(';'));
    expect(workbook.worksheets[0]!.rowCount).toBe(1);
    expect(workbook.worksheets[1]!.name).toBe('Uitleg');
    for (const as of [cropManager]) {
      const refused = await ctx.request({
        method: 'GET',
        url: '/api/applicationManager/User/Import/Template',
        as,
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('previews every row with its problems in Dutch and changes nothing', async () => {
    const response = await preview(
      [
        header,
        'An;Peeters;an.peeters@voorbeeld.be;0470 12 34 56;Kerkstraat;12;9000;Gent;',
        'Bert;Janssens;;;;;;;',
        'Carla;Claes;geen-adres;;;;;;',
        'Dirk;Dubbel;AN.peeters@voorbeeld.be;;;;;;',
        'Els;Bestaand;bestaand@voorbeeld.be;;;;;;',
        'Fien;Naam;fien@voorbeeld.be;;;;;;bestaand',
        ';;;;;;;;',
      ].join('\n'),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = memberImportPreviewSchema.parse(json(response));
    expect(result.canImport).toBe(false);
    expect(result.rows).toHaveLength(6);
    expect(result.rows[0]).toMatchObject({
      row: 2,
      email: 'an.peeters@voorbeeld.be',
      username: 'an.peeters',
      address: { street: 'Kerkstraat', number: '12', postalCode: '9000', city: 'Gent' },
      errors: [],
    });
    const messages = Object.fromEntries(result.rows.map((r) => [r.row, r.errors.map((e) => e.message)]));
    expect(messages[3]).toEqual(['Het e-mailadres ontbreekt.']);
    expect(messages[4]).toEqual(['"geen-adres" is geen geldig e-mailadres.']);
    expect(messages[5]).toEqual(['Dit e-mailadres staat al op rij 2 van het bestand.']);
    expect(messages[6]).toEqual(['Dit e-mailadres is al lid van deze boerderij.']);
    expect(messages[7]).toEqual(['Deze gebruikersnaam is al in gebruik op deze boerderij.']);
    expect(result.rows[1]!.errors[0]!.column).toBe('E-mail');
    expect(await userByEmail('an.peeters@voorbeeld.be')).toBeUndefined();
    const refused = await confirm([header, 'Bert;Janssens;;;;;;;'].join('\n'));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'IMPORT_INVALID' });
    expect(errorOf(refused).message).toContain('Rij 2, kolom E-mail: Het e-mailadres ontbreekt.');
  });

  it('imports approved members without a password or mail; undo removes them in one go', async () => {
    const response = await confirm(
      [header, 'Gert;Goossens;gert@voorbeeld.be;;;;;;', 'Hilde;Hermans;hilde@voorbeeld.be;;;;;;hilde'].join(
        '\n',
      ),
      '?progressKey=leden-voortgang-1',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = json<{ created: number; emailed: number; batchId: number }>(response);
    expect(result).toMatchObject({ created: 2, emailed: 0 });
    const gert = (await userByEmail('gert@voorbeeld.be'))!;
    expect(gert).toMatchObject({ isApproved: true, isActive: true, username: 'gert' });
    expect(gert.passwordHash.startsWith('!unusable:')).toBe(true);
    expect(await welcomeJobs(result.batchId)).toHaveLength(0);
    const progress = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/User/Import/Progress?progressKey=leden-voortgang-1',
      as: manager,
    });
    expect(json(progress)).toEqual({ done: 2, total: 2, finished: true });
    const [listed] = await batches();
    expect(listed).toMatchObject({
      id: result.batchId,
      createdBy: 'Lies Leden',
      createdCount: 2,
      blockedBecause: null,
    });

    // Another farm neither sees nor undoes it.
    expect(await batches(stranger, other.host)).toEqual([]);
    expect((await undo(result.batchId, stranger, other.host)).statusCode).toBe(404);
    expect((await undo(result.batchId, cropManager)).statusCode).toBe(403);

    const undone = await undo(result.batchId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(json(undone)).toEqual({ deleted: 2, restored: 0 });
    expect(await userByEmail('gert@voorbeeld.be')).toBeUndefined();
    const again = await undo(result.batchId);
    expect(errorOf(again).code).toBe('IMPORT_ALREADY_UNDONE');
    // The addresses are free again: the same file imports anew.
    expect((await confirm([header, 'Gert;Goossens;gert@voorbeeld.be;;;;;;'].join('\n'))).statusCode).toBe(
      200,
    );
  });

  it('queues one welcome e-mail per member when asked, and withdraws the unsent ones on undo', async () => {
    const response = await confirm(
      [header, 'Ilse;Ides;ilse@voorbeeld.be;;;;;;', 'Jan;Jacobs;jan@voorbeeld.be;;;;;;'].join('\n'),
      '?sendWelcomeEmail=true',
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = json<{ emailed: number; batchId: number }>(response);
    expect(result.emailed).toBe(2);
    const queued = await welcomeJobs(result.batchId);
    expect(queued).toHaveLength(2);
    expect(queued.map((j) => (j.payload as { mail: { to: string } }).mail.to).sort()).toEqual([
      'ilse@voorbeeld.be',
      'jan@voorbeeld.be',
    ]);
    await ctx.db
      .update(jobs)
      .set({ status: 'waiting' })
      .where(like(jobs.idempotencyKey, `%:import-${result.batchId}`));
    expect((await undo(result.batchId)).statusCode).toBe(200);
    expect(await welcomeJobs(result.batchId)).toHaveLength(0);
  });

  it('refuses to undo once a member used the account, naming them, and undoes nothing', async () => {
    const response = await confirm(
      [header, 'Karel;Kums;karel@voorbeeld.be;;;;;;', 'Lotte;Lenaerts;lotte@voorbeeld.be;;;;;;'].join('\n'),
    );
    const { batchId } = json<{ batchId: number }>(response);
    await ctx.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.email, 'karel@voorbeeld.be'));
    const blocked = await undo(batchId);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).code).toBe('IMPORT_IN_USE');
    expect(errorOf(blocked).message).toContain('Karel Kums');
    expect(errorOf(blocked).message).not.toContain('Lotte');
    expect(await userByEmail('lotte@voorbeeld.be')).toBeDefined();
    expect((await batches()).find((b) => b.id === batchId)?.blockedBecause).toContain('Karel Kums');
  });

  it('refuses a file it cannot use: wrong type, no rows, too many rows, a missing column, other roles', async () => {
    const wrongType = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Import/Preview',
      as: manager,
      ...file('%PDF-1.4 niet een lijst', 'leden.pdf', 'application/pdf'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(errorOf(wrongType)).toMatchObject({
      code: 'IMPORT_FILE_REFUSED',
      message: 'Kies een .xlsx- of .csv-bestand.',
    });

    const empty = await confirm(`${header}\n`);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe('Het bestand bevat geen leden onder de eerste rij.');
    expect((await preview('')).statusCode).toBe(400);
    const emptyFile = await preview('\n;;\n');
    expect(emptyFile.statusCode).toBe(400);
    expect(errorOf(emptyFile)).toMatchObject({ code: 'IMPORT_FILE_REFUSED' });
    expect(errorOf(emptyFile).message).toContain('Het bestand is leeg.');

    const many = Array.from({ length: 5001 }, (_, i) => `Lid;${i};lid${i}@voorbeeld.be;;;;;;`).join('\n');
    const tooMany = await preview(`${header}\n${many}\n`);
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).message).toContain('meer dan 5000 rijen');

    const noEmail = await preview('Voornaam;Achternaam\nMo;Mertens\n');
    expect(noEmail.statusCode).toBe(400);
    expect(errorOf(noEmail).message).toContain('"E-mail" ontbreekt');

    expect((await preview(`${header}\n`, cropManager)).statusCode).toBe(403);
    expect((await confirm(`${header}\nNo;Naam;no@voorbeeld.be;;;;;;\n`, '', cropManager)).statusCode).toBe(
      403,
    );
  });
});
