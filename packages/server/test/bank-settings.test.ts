import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankSettingsSchema, publicTransactionSchema } from '@pluk/contract';
import { auditLog } from '../src/db/schema/index.js';
import {
  bankTestContext,
  codeOf,
  expectFieldError,
  subscribedMember,
  type BankCast,
} from './helpers/bank-core.js';
import { json, type TestContext } from './helpers/test-app.js';

/** The farm's bank account and due-date default (`applicationManager/bank/settings`). */

let ctx: TestContext;
let cast: BankCast;

beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext());
});
afterAll(() => ctx.close());

const url = '/api/applicationManager/bank/settings';
const valid = { accountName: 'Testhoeve vzw', iban: 'be68 5390 0754 7034', bic: 'gkccbebb', dueDays: 14 };

describe('bank settings', () => {
  it('starts empty with 30 due days', async () => {
    const response = await ctx.request({ method: 'GET', url, as: cast.bankManager });
    expect(response.statusCode).toBe(200);
    expect(bankSettingsSchema.parse(json(response))).toEqual({
      accountName: '',
      iban: '',
      bic: '',
      dueDays: 30,
    });
  });

  it('saves the account normalised, audit-logged, and the payment page shows it', async () => {
    const response = await ctx.request({ method: 'POST', url, as: cast.applicationManager, payload: valid });
    expect(response.statusCode, response.body).toBe(200);
    const saved = { accountName: 'Testhoeve vzw', iban: 'BE68539007547034', bic: 'GKCCBEBB', dueDays: 14 };
    expect(json(response)).toEqual(saved);
    expect(json(await ctx.request({ method: 'GET', url, as: cast.bankManager }))).toEqual(saved);
    const [logged] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'bank.settings'));
    expect(logged).toMatchObject({ actorUserId: cast.applicationManager.id, details: saved });
    const { transaction } = await subscribedMember(ctx, {
      username: 'betaler',
      year: cast.year,
      withTransaction: 100,
    });
    const page = publicTransactionSchema.parse(
      json(await ctx.request({ method: 'GET', url: `/api/Bank/${transaction!.publicId}` })),
    );
    expect(page.payee).toEqual({ name: 'Testhoeve vzw', iban: 'BE68539007547034', bic: 'GKCCBEBB' });
    // The other farm's settings are its own.
    const there = await ctx.request({
      method: 'GET',
      url,
      as: cast.otherBankManager,
      headers: { host: `${cast.otherFarm}.test` },
    });
    expect(json(there)).toMatchObject({ iban: '', accountName: '' });
  });

  // The check itself is the contract's `isValidIban` (its own tests): here, that the server uses it.
  it('refuses an IBAN that fails mod 97 with BANK_ACCOUNT_INVALID on the field, saving nothing', async () => {
    for (const iban of [
      'BE68 5390 0754 7035', // one digit off
      'BE6853900754703', // Belgium has 16 characters
      'BE68-5390-0754-7034',
      'BE12',
      'geen rekening',
    ]) {
      const response = await ctx.request({
        method: 'POST',
        url,
        as: cast.applicationManager,
        payload: { ...valid, iban, accountName: 'Iets anders' },
      });
      expect(response.statusCode, iban).toBe(400);
      expect(codeOf(response)).toBe('BANK_ACCOUNT_INVALID');
      expect(json<{ error: { fields: { iban: string } } }>(response).error.fields.iban).toMatch(/IBAN/);
    }
    const now = json<{ accountName: string }>(
      await ctx.request({ method: 'GET', url, as: cast.bankManager }),
    );
    expect(now.accountName).not.toBe('Iets anders');
  });

  it('answers missing and bad fields with Dutch messages', async () => {
    const cases: [object, string, RegExp][] = [
      [{ accountName: '  ' }, 'accountName', /naam van de rekeninghouder/],
      [{ accountName: 'x'.repeat(71) }, 'accountName', /hoogstens 70/],
      [{ iban: '' }, 'iban', /IBAN/],
      [{ bic: 'KRED' }, 'bic', /BIC/],
      [{ dueDays: -1 }, 'dueDays', /negatief/],
      [{ dueDays: 366 }, 'dueDays', /365/],
      [{ dueDays: 1.5 }, 'dueDays', /geheel getal/],
    ];
    for (const [change, field, message] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url,
        as: cast.applicationManager,
        payload: { ...valid, ...change },
      });
      expectFieldError(response, field, message, JSON.stringify(change));
    }
    // BIC and due days may be left out: no BIC, 30 days.
    const minimal = await ctx.request({
      method: 'POST',
      url,
      as: cast.admin,
      payload: { accountName: 'Hoeve', iban: 'BE68539007547034' },
    });
    expect(json(minimal)).toEqual({ accountName: 'Hoeve', iban: 'BE68539007547034', bic: '', dueDays: 30 });
  });

  it('lets a BankManager read but only an ApplicationManager or Admin save', async () => {
    expect(
      (await ctx.request({ method: 'POST', url, as: cast.bankManager, payload: valid })).statusCode,
    ).toBe(403);
    expect((await ctx.request({ method: 'GET', url, as: cast.taskManager })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url, as: cast.member })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'POST', url, payload: valid })).statusCode).toBe(401);
    expect((await ctx.request({ method: 'GET', url, as: cast.admin })).statusCode).toBe(200);
  });
});
