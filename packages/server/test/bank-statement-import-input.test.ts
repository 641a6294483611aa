import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankLimits, errorBodySchema, statementImportDetailSchema } from '@pluk/contract';
import { bankImports } from '../src/db/schema/index.js';
import { bookingNoon } from '../src/modules/bank/statement/line-payment.js';
import { cleanFileName } from '../src/modules/bank/statement/read-upload.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { camt053File, codaFile } from './helpers/bank-statement-files.js';
import { multipartBody, multipartFile } from './helpers/multipart.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * What the import route refuses, and who may use the bank-file routes: every bad file is a 400
 * BANK_FILE_INVALID with a Dutch reason (or the size's 413), every broken form the crop import's 400/415,
 * never a 5xx, and nothing is stored.
 */

const url = '/api/applicationManager/bank/import';
const farmIban = 'BE68539007547034';

let ctx: TestContext;
let manager: CreatedUser;
beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: uniqueName('kassier'), roles: ['BankManager'] });
});
afterAll(() => ctx.close());

/** As the manager, another user, or no one (null). */
function send(fileName: string, data: Buffer, as: CreatedUser | null = manager) {
  return ctx.request({
    method: 'POST',
    url,
    as: as ?? undefined,
    ...multipartFile('file', fileName, 'text/plain', data),
  });
}

function errorOf(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  return errorBodySchema.parse(JSON.parse(response.body)).error;
}

async function storedImports(): Promise<number> {
  return (await ctx.db.select().from(bankImports).where(eq(bankImports.appId, ctx.appId))).length;
}

const goodCoda = () =>
  codaFile({
    accountIban: farmIban,
    lines: [{ amountCents: 1_000, communication: 'gift', date: '2026-05-01' }],
  });

describe('bad statement files', () => {
  const camt = camt053File({
    accountIban: farmIban,
    lines: [{ amountCents: 1_000, communication: 'gift', date: '2026-05-01' }],
  }).toString('utf8');
  const cases: [string, string, Buffer, RegExp][] = [
    ['empty', 'leeg.cod', Buffer.alloc(0), /"leeg\.cod" is leeg/],
    ['random bytes', 'ruis.bin', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /geen CODA- of CAMT\.053-bestand/],
    ['a spreadsheet export', 'export.csv', Buffer.from('datum;bedrag;mededeling\n2026-05-01;10,00;gift\n'), /geen CODA- of CAMT\.053-bestand/],
    ['XML that is not CAMT.053', 'pain.xml', Buffer.from('<?xml version="1.0"?><Document><CstmrCdtTrfInitn/></Document>'), /geen CAMT\.053/],
    ['a DOCTYPE', 'xxe.xml', Buffer.from(camt.replace('<Document', '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document')), /DOCTYPE/],
    ['broken XML', 'kapot.xml', Buffer.from(camt.slice(0, camt.length / 2)), /geen geldig XML-bestand|CAMT\.053/],
    ['a CODA file cut short', 'kort.cod', goodCoda().subarray(0, 300), /CODA/],
    ['a CODA file with a wrong amount', 'fout.cod', Buffer.from(goodCoda().toString('latin1').replace(/(\r\n21.{30})0/, '$1X'), 'latin1'), /regel 3/],
  ]; // prettier-ignore

  it.each(cases)('%s → 400 BANK_FILE_INVALID with the reason', async (_what, fileName, data, reason) => {
    const before = await storedImports();
    const error = errorOf(await send(fileName, data));
    expect(error.code).toBe('BANK_FILE_INVALID');
    expect(error.message).toMatch(reason);
    expect(await storedImports()).toBe(before);
  });

  it('a file over 5 MB → 413 FILE_TOO_LARGE, before it is read', async () => {
    const big = Buffer.alloc(bankLimits.statementMaxBytes + 1, 0x30);
    const response = await send('groot.cod', big);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(errorOf(response).message).toContain('5 MB');
  });

  it('a file of exactly 5 MB is read (and refused for what it is, not its size)', async () => {
    const response = await send('precies.cod', Buffer.alloc(bankLimits.statementMaxBytes, 0x30));
    expect(errorOf(response).code).toBe('BANK_FILE_INVALID');
  });

  it('answers a broken form as the crop import does: 415 without multipart, 400 without a file', async () => {
    const json = await ctx.request({ method: 'POST', url, as: manager, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const noBoundary = await ctx.request({
      method: 'POST',
      url,
      as: manager,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(415);
    const noFile = await ctx.request({
      method: 'POST',
      url,
      as: manager,
      ...multipartBody([{ name: 'note', value: 'hallo' }]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(errorOf(noFile)).toMatchObject({ code: 'VALIDATION_ERROR', fields: { file: expect.any(String) } });
    const wrongField = await ctx.request({
      method: 'POST',
      url,
      as: manager,
      ...multipartBody([{ name: 'photo', fileName: 'a.cod', type: 'text/plain', data: goodCoda() }]),
    });
    expect(errorOf(wrongField)).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { photo: expect.any(String) },
    });
    const twoFiles = await ctx.request({
      method: 'POST',
      url,
      as: manager,
      ...multipartBody([
        { name: 'file', fileName: 'a.cod', type: 'text/plain', data: goodCoda() },
        { name: 'file', fileName: 'b.cod', type: 'text/plain', data: goodCoda() },
      ]),
    });
    expect(errorOf(twoFiles)).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Kies één bestand.' });
    const broken = await ctx.request({
      method: 'POST',
      url,
      as: manager,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.cod"\r\n\r\nhalf',
    });
    expect(errorOf(broken).code).toBe('VALIDATION_ERROR');
    expect(await storedImports()).toBe(0);
  });
});

describe('who may import', () => {
  it('a BankManager, ApplicationManager or Admin; not a member (403) nor no one (401)', async () => {
    const member = await ctx.createUser({ username: uniqueName('lid') });
    expect((await send('a.cod', goodCoda(), member)).statusCode).toBe(403);
    expect(errorOf(await send('a.cod', goodCoda(), null)).code).toBe('UNAUTHORIZED');
    for (const path of ['/api/applicationManager/bank/imports', '/api/applicationManager/bank/imports/1']) {
      expect((await ctx.request({ method: 'GET', url: path, as: member })).statusCode).toBe(403);
      expect((await ctx.request({ method: 'GET', url: path })).statusCode).toBe(401);
    }
    expect(await storedImports()).toBe(0);
    const first = await send('a.cod', goodCoda());
    expect(first.statusCode, first.body).toBe(200);
    for (const role of ['ApplicationManager', 'Admin'] as const) {
      const holder = await ctx.createUser({ username: uniqueName(role), roles: [role] });
      const response = await send('a.cod', goodCoda(), holder);
      expect(response.statusCode, response.body).toBe(200);
      expect(statementImportDetailSchema.parse(json(response)).alreadyImported).toBe(true);
      const list = await ctx.request({
        method: 'GET',
        url: '/api/applicationManager/bank/imports',
        as: holder,
      });
      expect(list.statusCode).toBe(200);
    }
  });
});

describe('small rules', () => {
  it('keeps a file name readable: no folders, no control characters, at most 120 characters', () => {
    expect(cleanFileName('C:\\Users\\An\\Downloads\\mei.cod')).toBe('mei.cod');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('mei\u0000\r\n.cod')).toBe('mei .cod');
    expect(cleanFileName('   ')).toBe('bankbestand');
    expect(cleanFileName(`${'a'.repeat(200)}.cod`)).toHaveLength(120);
  });

  it('books a payment at noon on the farm clock, summer and winter', () => {
    expect(bookingNoon('2026-07-01').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(bookingNoon('2026-01-15').toISOString()).toBe('2026-01-15T11:00:00.000Z');
    // The days daylight saving starts and ends.
    expect(bookingNoon('2026-03-29').toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(bookingNoon('2026-10-25').toISOString()).toBe('2026-10-25T11:00:00.000Z');
  });
});
