import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementImportDetailSchema, type StatementImportDetail } from '@pluk/contract';
import {
  bankImportLines,
  bankImports,
  bankTransactionEvents,
  bankTransactions,
} from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { camt053File, type BankFileLine } from './helpers/bank-statement-files.js';
import {
  newStatementFarm,
  oweOn,
  uploadStatement,
  type StatementFarm,
} from './helpers/bank-statement-farm.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Races on the bank file import (decision 076): only PostgreSQL runs the statements of concurrent requests at
 * once. What keeps these right: the unique index on the file's SHA-256 (an identical upload waits for the
 * first and answers its import), the unique line key (a line shared by two files is claimed once) and the
 * row locks on a transaction and on a line. Each test was seen failing with its protection removed.
 */
describe.skipIf(!process.env.DATABASE_URL)('bank file import races (PostgreSQL)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const newFarm = () => newStatementFarm(ctx, 'race', { managers: 3 });
  const owe = (farm: StatementFarm, amountCents: number) => oweOn(ctx, farm, amountCents);
  const upload = (farm: StatementFarm, as: CreatedUser, fileName: string, data: Buffer) =>
    uploadStatement(ctx, farm, fileName, data, as);

  async function eventKinds(ids: number[]) {
    const rows = await ctx.db
      .select({ transactionId: bankTransactionEvents.transactionId, kind: bankTransactionEvents.kind })
      .from(bankTransactionEvents)
      .where(inArray(bankTransactionEvents.transactionId, ids));
    return (id: number, kind: string) => rows.filter((r) => r.transactionId === id && r.kind === kind).length;
  }

  it("the same file uploaded 8 times at once changes each transaction's state once", async () => {
    const farm = await newFarm();
    const exact = [await owe(farm, 1_000), await owe(farm, 2_000), await owe(farm, 3_000)];
    const short = [await owe(farm, 5_000), await owe(farm, 6_000)];
    const lines: BankFileLine[] = [
      ...exact.map((t, i) => ({
        amountCents: t.amountCents,
        structuredReference: t.structuredReference,
        date: '2026-05-04',
        bankReference: `EXACT-${i}`,
      })),
      ...short.map((t, i) => ({
        amountCents: t.amountCents - 1,
        structuredReference: t.structuredReference,
        date: '2026-05-04',
        bankReference: `SHORT-${i}`,
      })),
    ];
    const file = camt053File({ accountIban: 'BE68539007547034', lines });
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upload(farm, farm.managers[i % 3]!, `mei-${i}.xml`, file)),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const details = responses.map((r) => statementImportDetailSchema.parse(json(r)));
    expect(details.filter((d) => !d.alreadyImported)).toHaveLength(1);
    const winner = details.find((d) => !d.alreadyImported) as StatementImportDetail;
    for (const detail of details)
      expect(detail).toEqual({ ...winner, alreadyImported: detail.alreadyImported });
    expect(winner.counts).toEqual({ lines: 5, paid: 3, flagged: 2, unmatched: 0, skipped: 0 });

    expect(await ctx.db.select().from(bankImports).where(eq(bankImports.appId, farm.appId))).toHaveLength(1);
    expect(
      await ctx.db.select().from(bankImportLines).where(eq(bankImportLines.appId, farm.appId)),
    ).toHaveLength(5);
    const count = await eventKinds([...exact, ...short].map((t) => t.id));
    for (const t of exact) expect(count(t.id, 'paid')).toBe(1);
    for (const t of short) expect(count(t.id, 'payment-flagged')).toBe(1);
  });

  it('two overlapping files at once: a shared line is claimed by one of them, the new ones each pay', async () => {
    const farm = await newFarm();
    const sharedShort = await owe(farm, 4_000);
    const sharedExact = await owe(farm, 1_500);
    const onlyA = await owe(farm, 2_500);
    const onlyB = await owe(farm, 3_500);
    const line = (t: { amountCents: number; structuredReference: string }, cents: number, ref: string) => ({
      amountCents: cents,
      structuredReference: t.structuredReference,
      date: '2026-05-05',
      bankReference: ref,
    });
    const shared = [line(sharedShort, 1_000, 'S-1'), line(sharedExact, 1_500, 'S-2')];
    const fileA = camt053File({
      accountIban: 'BE68539007547034',
      lines: [...shared, line(onlyA, 2_500, 'A-1')],
    });
    const fileB = camt053File({
      accountIban: 'BE68539007547034',
      lines: [...shared, line(onlyB, 3_500, 'B-1')],
    });
    const responses = await Promise.all([
      upload(farm, farm.managers[0]!, 'a.xml', fileA),
      upload(farm, farm.managers[1]!, 'b.xml', fileB),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const [a, b] = responses.map((r) => statementImportDetailSchema.parse(json(r)));
    expect([a!.counts.skipped, b!.counts.skipped].sort()).toEqual([0, 2]);
    expect(a!.counts.paid + b!.counts.paid).toBe(3);
    const keys = await ctx.db
      .select({ importId: bankImportLines.importId })
      .from(bankImportLines)
      .where(eq(bankImportLines.appId, farm.appId));
    expect(keys).toHaveLength(4);
    const count = await eventKinds([sharedShort.id, sharedExact.id, onlyA.id, onlyB.id]);
    expect(count(sharedShort.id, 'payment-flagged')).toBe(1);
    for (const t of [sharedExact, onlyA, onlyB]) expect(count(t.id, 'paid')).toBe(1);
  });

  it('three managers match one line to three transactions at once: one is paid, the others 409', async () => {
    const farm = await newFarm();
    const candidates = [await owe(farm, 900), await owe(farm, 900), await owe(farm, 900)];
    const response = await upload(
      farm,
      farm.managers[0]!,
      'los.xml',
      camt053File({
        accountIban: 'BE68539007547034',
        lines: [{ amountCents: 900, communication: 'lidgeld', date: '2026-05-06' }],
      }),
    );
    const [line] = statementImportDetailSchema.parse(json(response)).lines;
    const answers = await Promise.all(
      candidates.map((t, i) =>
        ctx.request({
          method: 'POST',
          url: `/api/applicationManager/bank/imports/lines/${line!.id}/match`,
          as: farm.managers[i]!,
          headers: { host: farm.host },
          payload: { transactionId: t.id },
        }),
      ),
    );
    const codes = answers.map((r) =>
      r.statusCode === 200 ? 'OK' : (r.json() as { error: { code: string } }).error.code,
    );
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'BANK_LINE_ALREADY_HANDLED')).toHaveLength(2);
    const paid = await ctx.db
      .select()
      .from(bankTransactions)
      .where(
        inArray(
          bankTransactions.id,
          candidates.map((t) => t.id),
        ),
      );
    expect(paid.filter((t) => t.status === 'paid')).toHaveLength(1);
  });
});
