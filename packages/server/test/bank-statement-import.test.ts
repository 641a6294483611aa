import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatStructuredReference,
  statementImportDetailSchema,
  statementImportSchema,
  structuredReferenceFromNumber,
} from '@pluk/contract';
import { bankImportLines, bankImports } from '../src/db/schema/index.js';
import { inTransaction } from '../src/db/transaction.js';
import { closeTransaction } from '../src/modules/bank/status-change.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { eventsOf, hasPaidOf, transactionRow } from './helpers/bank-core.js';
import { camt053File, codaFile, type BankFileLine } from './helpers/bank-statement-files.js';
import {
  importedStatement,
  newStatementFarm,
  oweOn,
  type StatementFarm,
} from './helpers/bank-statement-farm.js';
import { createTestContext, json, type TestContext, uniqueName } from './helpers/test-app.js';

/**
 * Bank statement import (decision 076): the files a Belgian bank gives, built for the
 * transactions each test makes, uploaded through the route; every line's outcome, every transaction's
 * state and audit, and what a second or overlapping file changes.
 */

const farmIban = 'BE68 5390 0754 7034';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A farm of its own per test: its own transactions, imports and line keys. */
const newFarm = () =>
  newStatementFarm(ctx, 'afschrift', { managerName: { firstName: 'Katrien', lastName: 'Kassier' } });

async function member(farm: StatementFarm, firstName: string) {
  return ctx.createUser({ appId: farm.appId, username: uniqueName('lid'), firstName });
}

const owe = (farm: StatementFarm, user: CreatedUser, amountCents: number, description = 'Abonnement') =>
  oweOn(ctx, farm, amountCents, { user, description, payerName: `${user.username} Lid` });
const imported = (farm: StatementFarm, fileName: string, data: Buffer) =>
  importedStatement(ctx, farm, fileName, data);
const transaction = (id: number) => transactionRow(ctx, id);
const events = (id: number) => eventsOf(ctx, id);
const hasPaid = (user: CreatedUser) => hasPaidOf(ctx, user.appId, user.id);

/** A valid reference no transaction has (references are made from the global id). */
const unknownReference = structuredReferenceFromNumber(9_000_000_001);

const builders = {
  CODA: (lines: BankFileLine[], statementNumber?: number) =>
    codaFile({ accountIban: farmIban, lines, statementNumber }),
  'CAMT.053 .001.08': (lines: BankFileLine[], statementNumber?: number) =>
    camt053File({ accountIban: farmIban, lines, statementNumber, version: 8 }),
};

describe.each(Object.entries(builders))('a %s file', (format, build) => {
  it('pays exact amounts, flags partial and over-payments, lists the rest', async () => {
    const farm = await newFarm();
    const [an, bert, chris, dirk] = [
      await member(farm, 'An'),
      await member(farm, 'Bert'),
      await member(farm, 'Chris'),
      await member(farm, 'Dirk'),
    ];
    const exact = await owe(farm, an!, 12_000, 'Abonnement 2026');
    const partial = await owe(farm, bert!, 8_000);
    const over = await owe(farm, chris!, 5_000);
    const earlier = await owe(farm, dirk!, 3_000);
    await inTransaction(ctx.db, (tx) =>
      closeTransaction(tx, farm.appId, earlier.id, {
        to: 'paid',
        via: 'cash',
        paidAt: new Date(),
        actor: null,
        detail: 'contant',
      }),
    );
    expect(await hasPaid(an!)).toBe(false);
    const lines: BankFileLine[] = [
      { amountCents: 12_000, structuredReference: exact.structuredReference, name: 'An Peeters', iban: 'BE14 0631 2345 6783', date: '2026-05-12' },
      { amountCents: 5_000, structuredReference: partial.structuredReference, name: 'Bert Maes', date: '2026-05-12' },
      { amountCents: 5_500, structuredReference: over.structuredReference, name: 'Chris Claes', date: '2026-05-13' },
      { amountCents: 3_000, structuredReference: earlier.structuredReference, name: 'Dirk Smet', date: '2026-05-13' },
      { amountCents: 2_500, structuredReference: unknownReference, name: 'Onbekend', date: '2026-05-13' },
      { amountCents: 4_000, communication: 'lidgeld gezin Janssens', name: 'Els Janssens', date: '2026-10-28' },
      { amountCents: -8_995, communication: 'Factuur zaden', name: 'Zaadhandel', date: '2026-05-14' },
    ]; // prettier-ignore
    const fileName = format === 'CODA' ? 'mei.cod' : 'mei.xml';
    const detail = await imported(farm, fileName, build(lines));

    expect(detail).toMatchObject({
      fileName,
      format: format === 'CODA' ? 'coda' : 'camt053',
      accountIban: 'BE68539007547034',
      importedByName: 'Katrien Kassier',
      alreadyImported: false,
      counts: { lines: 7, paid: 1, flagged: 3, unmatched: 2, skipped: 0 },
    });
    expect(detail.lines.map((l) => [l.amountCents, l.outcome, l.transactionId])).toEqual([
      [12_000, 'paid', exact.id],
      [5_000, 'partial', partial.id],
      [5_500, 'overpaid', over.id],
      [3_000, 'already-paid', earlier.id],
      [2_500, 'unmatched', null],
      [4_000, 'unmatched', null],
      [-8_995, 'debit', null],
    ]);
    expect(detail.lines[0]).toMatchObject({
      bookingDate: '2026-05-12',
      counterpartyName: 'An Peeters',
      counterpartyIban: 'BE14063123456783',
      structuredReference: exact.structuredReference,
      transactionLabel: `${an!.username} Lid — Abonnement 2026 — €\u00a0120,00`,
    });
    expect(detail.lines[5]).toMatchObject({
      communication: 'lidgeld gezin Janssens',
      transactionLabel: null,
    });

    // The exact payment: paid by transfer at noon (Brussels, summer time) of the booking day, audited.
    expect(await transaction(exact.id)).toMatchObject({ status: 'paid', paidVia: 'transfer' });
    expect((await transaction(exact.id)).paidAt?.toISOString()).toBe('2026-05-12T10:00:00.000Z');
    const paidEvents = (await events(exact.id)).filter((e) => e.kind === 'paid');
    expect(paidEvents).toHaveLength(1);
    expect(paidEvents[0]).toMatchObject({
      fromStatus: 'open',
      toStatus: 'paid',
      paidVia: 'transfer',
      amountCents: 12_000,
      actorUserId: null,
      actorName: null,
      detail: `Bankbestand ${fileName}, 12/05/2026, An Peeters, €\u00a0120,00`,
    });
    expect(await hasPaid(an!)).toBe(true);

    // Partial and over-payments: flagged on the transaction, which stays open.
    for (const [flagged, amount] of [
      [partial, 5_000],
      [over, 5_500],
    ] as const) {
      expect((await transaction(flagged.id)).status).toBe('open');
      const flaggedEvents = (await events(flagged.id)).filter((e) => e.kind === 'payment-flagged');
      expect(flaggedEvents).toHaveLength(1);
      expect(flaggedEvents[0]).toMatchObject({ amountCents: amount, actorName: null });
      expect(flaggedEvents[0]!.detail).toContain(fileName);
    }
    expect(await hasPaid(bert!)).toBe(false);
    // Already paid in cash: left as it was, nothing written.
    expect(await transaction(earlier.id)).toMatchObject({ status: 'paid', paidVia: 'cash' });
    expect((await events(earlier.id)).map((e) => e.kind)).toEqual(['created', 'paid']);

    // The stored counts and the list say the same.
    const list = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/bank/imports',
      as: farm.manager,
      headers: { host: farm.host },
    });
    expect(list.statusCode).toBe(200);
    const imports = statementImportSchema.array().parse(json(list));
    expect(imports).toHaveLength(1);
    expect(imports[0]).toMatchObject({ id: detail.id, counts: detail.counts, alreadyImported: false });
    const again = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/bank/imports/${detail.id}`,
      as: farm.manager,
      headers: { host: farm.host },
    });
    expect(statementImportDetailSchema.parse(json(again))).toEqual(detail);
  });

  it('keeps the structured reference through the round trip: reference → bank file → paid', async () => {
    const farm = await newFarm();
    const payer = await member(farm, 'Fien');
    const typed = await member(farm, 'Gust');
    const first = await owe(farm, payer, 2_345);
    const second = await owe(farm, typed, 6_789);
    // As the member's banking app fills it in from the QR code, and as a member types it by hand.
    const shown = formatStructuredReference(first.structuredReference);
    expect(shown).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const detail = await imported(
      farm,
      'rondje.txt',
      build([
        { amountCents: 2_345, structuredReference: shown, date: '2026-06-01' },
        {
          amountCents: 6_789,
          communication: `lidgeld ${formatStructuredReference(second.structuredReference)}`,
          date: '2026-06-02',
        },
      ]),
    );
    expect(detail.lines.map((l) => [l.structuredReference, l.outcome])).toEqual([
      [first.structuredReference, 'paid'],
      [second.structuredReference, 'paid'],
    ]);
    expect((await transaction(first.id)).status).toBe('paid');
    expect((await transaction(second.id)).status).toBe('paid');
  });

  it('imports the same file once: the second upload answers the first and changes nothing', async () => {
    const farm = await newFarm();
    const payer = await member(farm, 'Hanne');
    const paid = await owe(farm, payer, 1_000);
    const short = await owe(farm, payer, 9_000);
    const file = build([
      { amountCents: 1_000, structuredReference: paid.structuredReference, date: '2026-06-03' },
      { amountCents: 100, structuredReference: short.structuredReference, date: '2026-06-03' },
    ]);
    const first = await imported(farm, 'juni.cod', file);
    const eventsBefore = [...(await events(paid.id)), ...(await events(short.id))];
    const second = await imported(farm, 'andere-naam.cod', file);
    expect(second).toEqual({ ...first, alreadyImported: true });
    expect([...(await events(paid.id)), ...(await events(short.id))]).toEqual(eventsBefore);
    const rows = await ctx.db.select().from(bankImports).where(eq(bankImports.appId, farm.appId));
    expect(rows).toHaveLength(1);
    const lineRows = await ctx.db.select().from(bankImportLines).where(eq(bankImportLines.appId, farm.appId));
    expect(lineRows).toHaveLength(2);
  });
});

describe('overlapping files and other farms', () => {
  it('an overlapping second file pays only its new lines; the shared ones are skipped', async () => {
    const farm = await newFarm();
    const payer = await member(farm, 'Ine');
    const a = await owe(farm, payer, 1_500);
    const short = await owe(farm, payer, 4_000);
    const c = await owe(farm, payer, 2_000);
    const shared: BankFileLine[] = [
      { amountCents: 1_500, structuredReference: a.structuredReference, date: '2026-07-01', bankReference: 'KBC-0701-1' },
      { amountCents: 1_000, structuredReference: short.structuredReference, date: '2026-07-01', bankReference: 'KBC-0701-2' },
    ]; // prettier-ignore
    const fresh: BankFileLine[] = [
      { amountCents: 2_000, structuredReference: c.structuredReference, date: '2026-07-02', bankReference: 'KBC-0702-1' },
      { amountCents: 3_000, structuredReference: short.structuredReference, date: '2026-07-02', bankReference: 'KBC-0702-2' },
    ]; // prettier-ignore
    const first = await imported(farm, 'week1.xml', camt053File({ accountIban: farmIban, lines: shared }));
    expect(first.lines.map((l) => l.outcome)).toEqual(['paid', 'partial']);
    const second = await imported(
      farm,
      'week1-2.xml',
      camt053File({ accountIban: farmIban, lines: [...shared, ...fresh] }),
    );
    expect(second.alreadyImported).toBe(false);
    expect(second.id).not.toBe(first.id);
    expect(second.counts).toEqual({ lines: 4, paid: 1, flagged: 1, unmatched: 0, skipped: 2 });
    expect(second.lines.map((l) => [l.amountCents, l.outcome])).toEqual([
      [2_000, 'paid'],
      [3_000, 'partial'],
    ]);
    expect((await transaction(c.id)).status).toBe('paid');
    // The shared partial payment was flagged once, by the first file; the second file's new one once more.
    const flagged = (await events(short.id)).filter((e) => e.kind === 'payment-flagged');
    expect(flagged.map((e) => e.amountCents)).toEqual([1_000, 3_000]);
    expect((await events(a.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it('two lines of one file for the same transaction: the first pays, the second is flagged', async () => {
    const farm = await newFarm();
    const payer = await member(farm, 'Jef');
    const owed = await owe(farm, payer, 2_500);
    const lines = [
      { amountCents: 2_500, structuredReference: owed.structuredReference, date: '2026-07-03' },
      { amountCents: 2_500, structuredReference: owed.structuredReference, date: '2026-07-04' },
    ];
    const detail = await imported(farm, 'dubbel.cod', codaFile({ accountIban: farmIban, lines }));
    expect(detail.lines.map((l) => [l.outcome, l.transactionId])).toEqual([
      ['paid', owed.id],
      ['already-paid', owed.id],
    ]);
    expect(detail.counts).toMatchObject({ paid: 1, flagged: 1 });
    expect((await events(owed.id)).filter((e) => e.kind === 'paid')).toHaveLength(1);
  });

  it("never matches another farm's transaction: its reference is unmatched here", async () => {
    const farmA = await newFarm();
    const farmB = await newFarm();
    const payer = await member(farmA, 'Kris');
    const ofA = await owe(farmA, payer, 7_000);
    const file = codaFile({
      accountIban: farmIban,
      lines: [{ amountCents: 7_000, structuredReference: ofA.structuredReference, date: '2026-07-05' }],
    });
    const detail = await imported(farmB, 'verkeerd.cod', file);
    expect(detail.lines.map((l) => [l.structuredReference, l.outcome, l.transactionId])).toEqual([
      [ofA.structuredReference, 'unmatched', null],
    ]);
    expect((await transaction(ofA.id)).status).toBe('open');
    expect(await events(ofA.id)).toHaveLength(1);
    // Farm A may still import the same file (another farm's import of it does not count).
    const own = await imported(farmA, 'verkeerd.cod', file);
    expect(own).toMatchObject({ alreadyImported: false, counts: { paid: 1 } });
    expect((await transaction(ofA.id)).status).toBe('paid');
  });

  it('pays only in euros: a credit in another currency is left for the manager', async () => {
    const farm = await newFarm();
    const payer = await member(farm, 'Lotte');
    const owed = await owe(farm, payer, 1_200);
    const inDollars = camt053File({
      accountIban: farmIban,
      lines: [{ amountCents: 1_200, structuredReference: owed.structuredReference, date: '2026-07-06' }],
    })
      .toString('utf8')
      .replaceAll('Ccy="EUR"', 'Ccy="USD"');
    const detail = await imported(farm, 'dollar.xml', Buffer.from(inDollars));
    expect(detail.lines.map((l) => [l.outcome, l.transactionId])).toEqual([['unmatched', null]]);
    expect((await transaction(owed.id)).status).toBe('open');
  });

  it('lists the imports latest first, with who imported them', async () => {
    const farm = await newFarm();
    const names = ['een.cod', 'twee.cod', 'drie.cod'];
    for (const [index, name] of names.entries()) {
      await imported(
        farm,
        name,
        codaFile({
          accountIban: farmIban,
          statementNumber: index + 1,
          lines: [{ amountCents: 100 + index, communication: 'gift', date: '2026-08-01' }],
        }),
      );
    }
    const response = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/bank/imports',
      as: farm.manager,
      headers: { host: farm.host },
    });
    const list = statementImportSchema.array().parse(json(response));
    expect(list.map((i) => i.fileName)).toEqual([...names].reverse());
    expect(list.every((i) => i.importedByName === 'Katrien Kassier')).toBe(true);
    const stored = await ctx.db
      .select({ id: bankImports.id })
      .from(bankImports)
      .where(and(eq(bankImports.appId, farm.appId)));
    expect(stored).toHaveLength(3);
  });
});
