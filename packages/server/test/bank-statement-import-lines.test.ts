import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  statementLineSchema,
  structuredReferenceFromNumber,
  type StatementImportDetail,
} from '@pluk/contract';
import { bankImportLines } from '../src/db/schema/index.js';
import { inTransaction } from '../src/db/transaction.js';
import { closeTransaction } from '../src/modules/bank/status-change.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { eventsOf, hasPaidOf, transactionRow } from './helpers/bank-core.js';
import { codaFile } from './helpers/bank-statement-files.js';
import {
  importedStatement,
  newStatementFarm,
  oweOn,
  type StatementFarm,
} from './helpers/bank-statement-farm.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * A manager's hand on a statement line (`matchLine`, `ignoreLine`): what may be matched or set aside,
 * every 409, and that another farm's lines and transactions are out of reach (404).
 */

const farmIban = 'BE68539007547034';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newFarm = () =>
  newStatementFarm(ctx, 'koppel', { managerName: { firstName: 'Mia', lastName: 'Manager' } });
const owe = (farm: StatementFarm, amountCents: number) =>
  oweOn(ctx, farm, amountCents, { payerName: 'Nele Lid' });

async function importLines(farm: StatementFarm, transactions: { reference: string; amountCents: number }[]) {
  const file = codaFile({
    accountIban: farmIban,
    lines: [
      ...transactions.map((t) => ({
        amountCents: t.amountCents,
        structuredReference: t.reference,
        name: 'Nele Peeters',
        date: '2026-09-01',
      })),
      { amountCents: 4_200, communication: 'lidgeld Nele', name: 'Nele Peeters', date: '2026-09-02' },
      { amountCents: -1_000, communication: 'kosten', date: '2026-09-02' },
    ],
  });
  return importedStatement(ctx, farm, 'september.cod', file);
}

function match(farm: StatementFarm, lineId: number, transactionId: number, as: CreatedUser = farm.manager) {
  return ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/imports/lines/${lineId}/match`,
    as,
    headers: { host: farm.host },
    payload: { transactionId },
  });
}

function ignore(farm: StatementFarm, lineId: number, as: CreatedUser = farm.manager) {
  return ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/imports/lines/${lineId}/ignore`,
    as,
    headers: { host: farm.host },
  });
}

const codeOf = (response: { statusCode: number; json(): unknown }) =>
  `${response.statusCode} ${(response.json() as { error?: { code?: string } }).error?.code ?? 'OK'}`;

const transaction = (id: number) => transactionRow(ctx, id);

async function lineRow(id: number) {
  const [row] = await ctx.db.select().from(bankImportLines).where(eq(bankImportLines.id, id));
  return row!;
}

function lineOf(detail: StatementImportDetail, outcome: string) {
  const line = detail.lines.find((l) => l.outcome === outcome);
  if (!line) throw new Error(`no ${outcome} line`);
  return line;
}

describe('matching a line by hand', () => {
  it('pays an open transaction with the line: matched-by-hand, the manager in the audit', async () => {
    const farm = await newFarm();
    const owed = await owe(farm, 4_200);
    const detail = await importLines(farm, []);
    const line = lineOf(detail, 'unmatched');
    const response = await match(farm, line.id, owed.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(statementLineSchema.parse(json(response))).toMatchObject({
      id: line.id,
      outcome: 'matched-by-hand',
      transactionId: owed.id,
      transactionLabel: 'Nele Lid — Abonnement — €\u00a042,00',
    });
    expect(await transaction(owed.id)).toMatchObject({ status: 'paid', paidVia: 'transfer' });
    expect((await transaction(owed.id)).paidAt?.toISOString()).toBe('2026-09-02T10:00:00.000Z');
    const [paid] = (await eventsOf(ctx, owed.id)).filter((e) => e.kind === 'paid');
    expect(paid).toMatchObject({
      actorUserId: farm.manager.id,
      actorName: 'Mia Manager',
      paidVia: 'transfer',
    });
    expect(paid!.detail).toContain('Bankbestand september.cod, 02/09/2026, Nele Peeters');
    expect(await lineRow(line.id)).toMatchObject({ handledByUserId: farm.manager.id });
    expect((await lineRow(line.id)).handledAt).not.toBeNull();
    expect(await hasPaidOf(ctx, farm.appId, farm.payer.id)).toBe(true);
    // The import's detail shows it too.
    const again = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/bank/imports/${detail.id}`,
      as: farm.manager,
      headers: { host: farm.host },
    });
    expect(json<StatementImportDetail>(again).lines.find((l) => l.id === line.id)?.outcome).toBe(
      'matched-by-hand',
    );
  });

  it('matches a partial payment to its transaction once the manager agrees', async () => {
    const farm = await newFarm();
    const owed = await owe(farm, 5_000);
    const detail = await importLines(farm, [{ reference: owed.structuredReference, amountCents: 4_900 }]);
    const line = lineOf(detail, 'partial');
    expect(codeOf(await match(farm, line.id, owed.id))).toBe('200 OK');
    expect((await transaction(owed.id)).status).toBe('paid');
  });

  it('answers every refusal with its 409 and changes nothing', async () => {
    const farm = await newFarm();
    const paidByFile = await owe(farm, 1_000);
    const short = await owe(farm, 3_000);
    const open = await owe(farm, 2_000);
    const cancelled = await owe(farm, 2_500);
    await inTransaction(ctx.db, (tx) =>
      closeTransaction(tx, farm.appId, cancelled.id, { to: 'cancelled', actor: null, detail: 'test' }),
    );
    const detail = await importLines(farm, [
      { reference: paidByFile.structuredReference, amountCents: 1_000 },
      { reference: short.structuredReference, amountCents: 1_000 },
    ]);
    const paidLine = lineOf(detail, 'paid');
    const partialLine = lineOf(detail, 'partial');
    const unmatched = lineOf(detail, 'unmatched');
    const debit = lineOf(detail, 'debit');

    expect(codeOf(await match(farm, debit.id, open.id))).toBe('409 BANK_LINE_NOT_CREDIT');
    expect(codeOf(await ignore(farm, debit.id))).toBe('409 BANK_LINE_NOT_CREDIT');
    expect(codeOf(await match(farm, paidLine.id, open.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    expect(codeOf(await ignore(farm, paidLine.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    // A transaction that is paid (by the file) or cancelled cannot be paid by hand.
    expect(codeOf(await match(farm, partialLine.id, paidByFile.id))).toBe('409 TRANSACTION_ALREADY_HANDLED');
    expect(codeOf(await match(farm, partialLine.id, cancelled.id))).toBe('409 TRANSACTION_ALREADY_HANDLED');
    expect(codeOf(await match(farm, partialLine.id, 2_000_000_000))).toBe('404 NOT_FOUND');
    expect((await lineRow(partialLine.id)).outcome).toBe('partial');
    expect((await transaction(cancelled.id)).status).toBe('cancelled');

    // Matched once, a line is handled: neither a second match nor ignoring it.
    expect(codeOf(await match(farm, unmatched.id, open.id))).toBe('200 OK');
    expect(codeOf(await match(farm, unmatched.id, short.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    expect(codeOf(await ignore(farm, unmatched.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    expect((await transaction(short.id)).status).toBe('open');

    // Set aside once: neither again nor matched afterwards; the transaction stays open.
    const ignored = await ignore(farm, partialLine.id);
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(statementLineSchema.parse(json(ignored))).toMatchObject({
      outcome: 'ignored',
      transactionId: short.id,
    });
    expect(await lineRow(partialLine.id)).toMatchObject({ handledByUserId: farm.manager.id });
    expect(codeOf(await ignore(farm, partialLine.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    expect(codeOf(await match(farm, partialLine.id, short.id))).toBe('409 BANK_LINE_ALREADY_HANDLED');
    expect((await transaction(short.id)).status).toBe('open');
  });

  it("cannot reach another farm's lines or transactions (404), nor an unknown line", async () => {
    const farm = await newFarm();
    const other = await newFarm();
    const theirs = await owe(other, 4_200);
    const mine = await owe(farm, 4_200);
    const detail = await importLines(farm, []);
    const theirDetail = await importLines(other, [
      { reference: structuredReferenceFromNumber(9_000_000_002), amountCents: 10 },
    ]);
    const myLine = lineOf(detail, 'unmatched');
    const theirLine = lineOf(theirDetail, 'unmatched');
    expect(codeOf(await match(farm, myLine.id, theirs.id))).toBe('404 NOT_FOUND');
    expect((await transaction(theirs.id)).status).toBe('open');
    expect(codeOf(await match(farm, theirLine.id, mine.id))).toBe('404 NOT_FOUND');
    expect(codeOf(await ignore(farm, theirLine.id))).toBe('404 NOT_FOUND');
    expect((await lineRow(theirLine.id)).outcome).toBe('unmatched');
    expect(codeOf(await match(farm, 2_000_000_000, mine.id))).toBe('404 NOT_FOUND');
    expect(codeOf(await ignore(farm, 2_000_000_000))).toBe('404 NOT_FOUND');
    // Another farm's import is not found either.
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/bank/imports/${theirDetail.id}`,
      as: farm.manager,
      headers: { host: farm.host },
    });
    expect(codeOf(response)).toBe('404 NOT_FOUND');
  });

  it('refuses a member (403) and no one (401); an ApplicationManager may', async () => {
    const farm = await newFarm();
    const owed = await owe(farm, 4_200);
    const detail = await importLines(farm, []);
    const line = lineOf(detail, 'unmatched');
    const appManager = await ctx.createUser({
      appId: farm.appId,
      username: uniqueName('beheer'),
      roles: ['ApplicationManager'],
    });
    expect(codeOf(await match(farm, line.id, owed.id, farm.payer))).toBe('403 FORBIDDEN');
    expect(codeOf(await ignore(farm, line.id, farm.payer))).toBe('403 FORBIDDEN');
    const anonymous = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/bank/imports/lines/${line.id}/ignore`,
      headers: { host: farm.host },
    });
    expect(codeOf(anonymous)).toBe('401 UNAUTHORIZED');
    expect((await lineRow(line.id)).outcome).toBe('unmatched');
    expect(codeOf(await match(farm, line.id, owed.id, appManager))).toBe('200 OK');
  });
});
