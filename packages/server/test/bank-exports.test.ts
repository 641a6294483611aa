import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankTransaction, createSubscription, subscribeUser } from '../src/seed/factories.js';
import { bankTestContext, type BankCast } from './helpers/bank-core.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * The bank's spreadsheets (.xlsx): they open with ExcelJS, hold this farm's rows only, amounts as euro
 * numbers with a € format, dates as dates, and text a spreadsheet could run as a formula made harmless.
 */

let ctx: TestContext;
let cast: BankCast;
let groot: { id: number };
let grootVorig: { id: number };
let klein: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
  const year = cast.year;
  groot = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'Groot',
    harvestYear: year,
    adultPriceCents: 10_000,
  });
  grootVorig = await createSubscription(ctx.db, {
    appId: ctx.appId,
    name: 'GROOT',
    harvestYear: year - 1,
    adultPriceCents: 9_000,
  });
  klein = await createSubscription(ctx.db, { appId: ctx.appId, name: 'Klein', harvestYear: year - 1 });
  const jan = await ctx.createUser({
    username: 'jan',
    firstName: 'Jan',
    lastName: 'Peeters',
    email: 'jan@veld.test',
    phone: '+32 470 12 34 56',
    address: { street: 'Kerkstraat', number: '1', postalCode: '9000', city: 'Gent' },
    household: [
      { name: 'An', isAdult: true, yearOfBirth: null },
      { name: 'Kobe', isAdult: false, yearOfBirth: 2018 },
    ],
  });
  const hacker = await ctx.createUser({
    username: 'hacker',
    firstName: '=HYPERLINK("http://kwaad.test","klik")',
    lastName: '@SUM(1)',
    email: 'hacker@veld.test',
  });
  await ctx.createUser({ username: 'wachter', firstName: 'Wacht', approved: false });
  ids.jan = jan.id;
  ids.hacker = hacker.id;
  await subscribeUser(ctx.db, { appId: ctx.appId, userId: jan.id, subscriptionId: groot.id });
  await subscribeUser(ctx.db, { appId: ctx.appId, userId: hacker.id, subscriptionId: groot.id });
  const janGroot = await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: jan.id,
    subscriptionId: groot.id,
    harvestYear: year,
    amountCents: 25_050,
    payerName: 'Jan Peeters',
    description: 'Abonnement Groot',
    dueDate: '2030-04-15',
  });
  await ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/markPayed/${janGroot.id}`,
    as: cast.bankManager,
    payload: { via: 'transfer', paidOn: '2024-07-01' },
  });
  const janExtra = await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: jan.id,
    harvestYear: year,
    amountCents: 1_999,
    payerName: 'Jan Peeters',
    description: 'Extra bak',
  });
  const hackerGroot = await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: hacker.id,
    subscriptionId: groot.id,
    harvestYear: year,
    amountCents: 10_000,
    payerName: "-2+3+cmd|' /C calc'!A0",
    description: '=1+1',
  });
  const janVorig = await createBankTransaction(ctx.db, {
    appId: ctx.appId,
    userId: jan.id,
    subscriptionId: grootVorig.id,
    harvestYear: year - 1,
    amountCents: 9_000,
    payerName: 'Jan Peeters',
  });
  ids.janGroot = janGroot.id;
  ids.janExtra = janExtra.id;
  ids.hackerGroot = hackerGroot.id;
  ids.janVorig = janVorig.id;
  // The other farm: its rows never appear here.
  const foreignSub = await createSubscription(ctx.db, {
    appId: cast.otherFarm,
    name: 'Groot',
    harvestYear: year,
  });
  ids.foreignSub = foreignSub.id;
  await createBankTransaction(ctx.db, {
    appId: cast.otherFarm,
    userId: cast.otherMember.id,
    subscriptionId: foreignSub.id,
    harvestYear: year,
    amountCents: 777,
    payerName: 'Vreemde Betaler',
    description: 'VREEMD',
  });
});
afterAll(() => ctx.close());

async function download(path: string, as = cast.bankManager) {
  const response = await ctx.request({ method: 'GET', url: `/api/applicationManager/export/${path}`, as });
  return response;
}

/** The sheet's rows as objects keyed by the header row. */
async function sheetOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, ExcelJS.Cell>[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((header, i) => [header, row.getCell(i + 1)])));
  }
  return { sheet, headers, rows };
}

async function expectSpreadsheet(path: string, fileName: string) {
  const response = await download(path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return sheetOf(response.rawPayload);
}

describe('export/transactions', () => {
  it('holds every transaction of this farm, the latest first, with Dutch headers, euros and dates', async () => {
    const { headers, rows, sheet } = await expectSpreadsheet('transactions', 'transacties-alle.xlsx');
    expect(headers).toEqual([
      'Nr',
      'Aangemaakt',
      'Lid',
      'E-mail',
      'Abonnement',
      'Oogstjaar',
      'Omschrijving',
      'Bedrag',
      'Status',
      'Vervaldatum',
      'Betaald op',
      'Betaald via',
      'Gestructureerde mededeling',
    ]);
    expect(rows.map((row) => row.Nr!.value)).toEqual([
      ids.janVorig,
      ids.hackerGroot,
      ids.janExtra,
      ids.janGroot,
    ]);
    const paid = rows.find((row) => row.Nr!.value === ids.janGroot)!;
    expect(paid.Bedrag!.value).toBe(250.5);
    expect(paid.Bedrag!.numFmt).toBe('"€" #,##0.00');
    expect(paid.Status!.value).toBe('Betaald');
    expect(paid['Betaald via']!.value).toBe('Overschrijving');
    expect(paid.Vervaldatum!.value).toEqual(new Date(Date.UTC(2030, 3, 15)));
    // Paid at noon in Gent (10:00 UTC in summer), shown on the farm's clock.
    expect(paid['Betaald op']!.value).toEqual(new Date(Date.UTC(2024, 6, 1, 12, 0)));
    expect(paid['Aangemaakt']!.value).toBeInstanceOf(Date);
    expect(paid.Abonnement!.value).toBe('Groot');
    expect(paid['E-mail']!.value).toBe('jan@veld.test');
    expect(paid['Gestructureerde mededeling']!.value).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const open = rows.find((row) => row.Nr!.value === ids.janExtra)!;
    expect(open.Status!.value).toBe('Open');
    expect(open['Betaald op']!.value).toBeNull();
    expect(open.Bedrag!.value).toBe(19.99);
    // Nothing of the other farm.
    const cells: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell.value)));
    expect(cells).not.toContain('VREEMD');
    expect(cells).not.toContain('Vreemde Betaler');
  });

  it('writes text that looks like a formula as plain text with a leading apostrophe', async () => {
    const { rows } = await expectSpreadsheet('transactions', 'transacties-alle.xlsx');
    const row = rows.find((r) => r.Nr!.value === ids.hackerGroot)!;
    expect(row.Omschrijving!.value).toBe("'=1+1");
    expect(row.Lid!.value).toBe("'-2+3+cmd|' /C calc'!A0");
    for (const cell of [row.Omschrijving!, row.Lid!]) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });

  it('takes one harvest year, and refuses a bad one', async () => {
    const { rows } = await expectSpreadsheet(
      `transactions?harvestYear=${cast.year - 1}`,
      `transacties-${cast.year - 1}.xlsx`,
    );
    expect(rows.map((row) => row.Nr!.value)).toEqual([ids.janVorig]);
    expect((await download('transactions?harvestYear=1800')).statusCode).toBe(400);
    expect((await download('transactions?harvestYear=x')).statusCode).toBe(400);
  });
});

describe('export/transactions/subscription', () => {
  it("holds one subscription's transactions; another farm's subscription is 404", async () => {
    const { rows } = await expectSpreadsheet(
      `transactions/subscription/${groot.id}`,
      `transacties-abonnement-${groot.id}.xlsx`,
    );
    expect(rows.map((row) => row.Nr!.value)).toEqual([ids.hackerGroot, ids.janGroot]);
    expect((await download(`transactions/subscription/${ids.foreignSub}`)).statusCode).toBe(404);
    expect((await download('transactions/subscription/999999')).statusCode).toBe(404);
    expect((await download('transactions/subscription/abc')).statusCode).toBe(400);
  });

  it('finds the subscription of the same name in the current harvest year', async () => {
    const { rows } = await expectSpreadsheet(
      `transactions/subscription/currentHarvestYear/${grootVorig.id}`,
      `transacties-abonnement-${groot.id}-${cast.year}.xlsx`,
    );
    expect(rows.map((row) => row.Nr!.value)).toEqual([ids.hackerGroot, ids.janGroot]);
    // No "Klein" this year: the headers only.
    const none = await expectSpreadsheet(
      `transactions/subscription/currentHarvestYear/${klein.id}`,
      `transacties-abonnement-${klein.id}-${cast.year}.xlsx`,
    );
    expect(none.headers[0]).toBe('Nr');
    expect(none.rows).toEqual([]);
    expect(
      (await download(`transactions/subscription/currentHarvestYear/${ids.foreignSub}`)).statusCode,
    ).toBe(404);
  });
});

describe('export/users', () => {
  it("lists this farm's approved members with household, subscriptions and this year's payment", async () => {
    const { headers, rows, sheet } = await expectSpreadsheet('users', `leden-${cast.year}.xlsx`);
    expect(headers).toEqual([
      'Nr',
      'Voornaam',
      'Achternaam',
      'E-mail',
      'Telefoon',
      'Straat',
      'Nummer',
      'Postcode',
      'Gemeente',
      'Actief',
      'Volwassenen',
      'Kinderen',
      'Gezin',
      'Abonnementen',
      'Betaald',
      'Te betalen',
      'Betaald bedrag',
      'Lid sinds',
    ]);
    const jan = rows.find((row) => row.Nr!.value === ids.jan)!;
    expect(jan.Voornaam!.value).toBe('Jan');
    expect(jan.Telefoon!.value).toBe('+32 470 12 34 56');
    expect(jan.Gemeente!.value).toBe('Gent');
    expect(jan.Volwassenen!.value).toBe(2);
    expect(jan.Kinderen!.value).toBe(1);
    expect(jan.Gezin!.value).toBe('Jan Peeters, An, Kobe');
    expect(jan.Abonnementen!.value).toBe('Groot');
    // Paid € 250,50 this year, € 19,99 still open: not paid.
    expect(jan.Betaald!.value).toBe('nee');
    expect(jan['Te betalen']!.value).toBe(19.99);
    expect(jan['Betaald bedrag']!.value).toBe(250.5);
    expect(jan['Te betalen']!.numFmt).toBe('"€" #,##0.00');
    expect(jan['Lid sinds']!.value).toBeInstanceOf(Date);
    const hacker = rows.find((row) => row.Nr!.value === ids.hacker)!;
    expect(hacker.Voornaam!.value).toBe('\'=HYPERLINK("http://kwaad.test","klik")');
    expect(hacker.Achternaam!.value).toBe("'@SUM(1)");
    expect(hacker['Te betalen']!.value).toBe(100);
    const everyone = rows.map((row) => row.Nr!.value);
    expect(everyone).toContain(cast.bankManager.id);
    expect(everyone).not.toContain(cast.otherMember.id);
    const cells: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => void cells.push(cell.value)));
    expect(cells).not.toContain('Wacht');
    expect(cells).not.toContain(cast.otherMember.email);
  });
});

describe('who may export', () => {
  it('BankManagers, ApplicationManagers and Admins; not a member or a TaskManager; not anonymous', async () => {
    for (const path of [
      'users',
      'transactions',
      `transactions/subscription/${groot.id}`,
      `transactions/subscription/currentHarvestYear/${groot.id}`,
    ]) {
      expect((await download(path, cast.member)).statusCode, path).toBe(403);
      expect((await download(path, cast.taskManager)).statusCode, path).toBe(403);
      expect((await download(path, cast.applicationManager)).statusCode, path).toBe(200);
      expect((await download(path, cast.admin)).statusCode, path).toBe(200);
      const anonymous = await ctx.request({ method: 'GET', url: `/api/applicationManager/export/${path}` });
      expect(anonymous.statusCode, path).toBe(401);
    }
  });
});
