import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../src/db/schema/index.js';
import { bankSettingKeys } from '../src/modules/bank/setting-keys.js';
import { transactionRow } from './helpers/bank-core.js';
import { camt053File, codaFile } from './helpers/bank-statement-files.js';
import {
  newStatementFarm,
  oweOn,
  uploadStatement,
  type StatementFarm,
} from './helpers/bank-statement-farm.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * ADR 093: a statement of another account than the farm's (its `bank.iban` setting) is refused, naming
 * both accounts, and nothing of it is read; the farm's own account is read as always.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const farmIban = 'BE68539007547034';
const otherIban = 'BE14063123456783';

async function farmWithIban(): Promise<StatementFarm> {
  const farm = await newStatementFarm(ctx, 'rekening');
  await ctx.db.insert(settings).values({ appId: farm.appId, key: bankSettingKeys.iban, value: farmIban });
  return farm;
}

describe.each([
  ['CODA', codaFile, 'CODA-afschrift'],
  ['CAMT.053', camt053File, 'CAMT.053-uittreksel'],
] as const)('%s of another account', (_, build, what) => {
  it('is refused with a Dutch message naming both accounts; nothing is paid or stored', async () => {
    const farm = await farmWithIban();
    const owed = await oweOn(ctx, farm, 2500);
    const file = build({
      accountIban: otherIban,
      lines: [{ amountCents: 2500, structuredReference: owed.structuredReference, date: '2026-03-02' }],
    });
    const response = await uploadStatement(ctx, farm, 'afschrift', file);
    expect(response.statusCode).toBe(400);
    const body = json<{ error: { code: string; message: string } }>(response).error;
    expect(body.code).toBe('BANK_FILE_OTHER_ACCOUNT');
    expect(body.message).toBe(
      `Dit ${what} is van rekening BE14 0631 2345 6783, niet van de rekening van de boerderij (BE68 5390 0754 7034). Download het afschrift van BE68 5390 0754 7034, of pas het rekeningnummer aan bij de instellingen van de bank. Er is niets ingelezen.`,
    );
    expect((await transactionRow(ctx, owed.id))?.status).toBe('open');
    const own = build({
      accountIban: farmIban,
      lines: [{ amountCents: 2500, structuredReference: owed.structuredReference, date: '2026-03-02' }],
    });
    expect((await uploadStatement(ctx, farm, 'afschrift', own)).statusCode).toBe(200);
    expect((await transactionRow(ctx, owed.id))?.status).toBe('paid');
  });
});
