import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managedTransactionSchema, memberTransactionSchema } from '@pluk/contract';
import { bankImportLines, bankTransactions } from '../src/db/schema/index.js';
import {
  bankTestContext,
  codeOf,
  eventsOf,
  expectFieldError,
  hasPaidOf,
  memberOwing,
  transactionRow,
  type BankCast,
} from './helpers/bank-core.js';
import { codaFile } from './helpers/bank-statement-files.js';
import { multipartFile } from './helpers/multipart.js';
import type { TestContext } from './helpers/test-app.js';

/**
 * Reopening a paid transaction with a reason (ADR 093): audited, the member's views
 * and `has_paid` follow in the same transaction, a bank file's line that paid it can be matched again; an
 * online payment is refunded instead; every role and another farm's id.
 */
let ctx: TestContext;
let cast: BankCast;
let count = 0;
beforeAll(async () => {
  ({ ctx, cast } = await bankTestContext('heropen'));
});
afterAll(() => ctx.close());

const owing = async (amountCents = 4200) => {
  count += 1;
  return memberOwing(ctx, { username: `heropen-lid${count}`, year: cast.year, amountCents });
};
const reopen = (id: number, reason: unknown, as = cast.bankManager) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/reopen/${id}`,
    as,
    payload: { reason },
    ...(as === cast.otherBankManager ? { headers: { host: `${cast.otherFarm}.test` } } : {}),
  });
const markPaid = (id: number) =>
  ctx.request({
    method: 'POST',
    url: `/api/applicationManager/bank/markPayed/${id}`,
    as: cast.bankManager,
    payload: { via: 'cash', note: 'contant op de markt' },
  });

describe('reopening a paid transaction', () => {
  it('reopens it with the reason in its history; has_paid and the member view follow', async () => {
    const { member, transaction } = await owing();
    expect(codeOf(await markPaid(transaction.id))).toBe('OK');
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(true);

    const response = await reopen(transaction.id, '  Verkeerd lid: het geld was van Jan.  ');
    expect(response.statusCode, response.body).toBe(200);
    expect(managedTransactionSchema.parse(response.json())).toMatchObject({
      status: 'open',
      paidAt: null,
      paidVia: null,
    });
    expect(await transactionRow(ctx, transaction.id)).toMatchObject({ status: 'open', paidAt: null });
    expect(await hasPaidOf(ctx, ctx.appId, member.id)).toBe(false);
    const events = await eventsOf(ctx, transaction.id);
    expect(events.at(-1)).toMatchObject({
      kind: 'reopened',
      fromStatus: 'paid',
      toStatus: 'open',
      paidVia: 'cash',
      amountCents: 4200,
      actorName: 'Bankier Test',
      detail: 'Verkeerd lid: het geld was van Jan.',
    });
    // The member's own list says open again.
    const mine = await ctx.request({ method: 'GET', url: '/api/Bank', as: member });
    expect(mine.statusCode, mine.body).toBe(200);
    const rows = memberTransactionSchema.array().parse(mine.json());
    expect(rows.find((r) => r.publicId === transaction.publicId)?.status).toBe('open');
    // It can be paid again, the right way.
    expect(codeOf(await markPaid(transaction.id))).toBe('OK');
  });

  it('frees the bank file line that paid it, so it can be matched to the right transaction', async () => {
    const { transaction } = await owing(3100);
    const file = codaFile({
      accountIban: 'BE68539007547034',
      lines: [
        { amountCents: 3100, structuredReference: transaction.structuredReference, date: '2026-03-02' },
      ],
      statementNumber: 700 + count,
    });
    const { payload, headers } = multipartFile('file', 'dag.cod', 'application/octet-stream', file);
    const upload = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/import',
      as: cast.bankManager,
      payload,
      headers,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect((await transactionRow(ctx, transaction.id)).paidVia).toBe('transfer');
    expect(codeOf(await reopen(transaction.id, 'Niet voor dit lid'))).toBe('OK');
    const lines = await ctx.db
      .select()
      .from(bankImportLines)
      .where(
        and(
          eq(bankImportLines.appId, ctx.appId),
          eq(bankImportLines.structuredReference, transaction.structuredReference),
        ),
      );
    expect(lines).toMatchObject([{ outcome: 'unmatched', transactionId: null }]);
  });

  it('refuses what is not paid (409), a paid-online one (409: refund it), and asks a reason (400)', async () => {
    const { transaction } = await owing();
    const open = await reopen(transaction.id, 'Geen reden');
    expect(codeOf(open)).toBe('TRANSACTION_NOT_PAID');
    expect(open.statusCode).toBe(409);
    await ctx.db
      .update(bankTransactions)
      .set({ status: 'paid', paidVia: 'online', paidAt: new Date(), paymentProviderId: 'tr_abc123' })
      .where(eq(bankTransactions.id, transaction.id));
    const online = await reopen(transaction.id, 'Te veel betaald');
    expect(codeOf(online)).toBe('TRANSACTION_PAID_ONLINE');
    expect((online.json() as { error: { message: string } }).error.message).toMatch(/terug via Mollie/);
    expectFieldError(await reopen(transaction.id, ' x '), 'reason', /waarom/);
    expectFieldError(await reopen(transaction.id, 'x'.repeat(201)), 'reason', /200 tekens/);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('paid');
  });

  it('is for a BankManager of this farm only', async () => {
    const { transaction } = await owing();
    expect(codeOf(await markPaid(transaction.id))).toBe('OK');
    for (const who of [cast.member, cast.taskManager]) {
      expect((await reopen(transaction.id, 'Vergissing', who)).statusCode).toBe(403);
    }
    expect((await reopen(transaction.id, 'Vergissing', cast.otherBankManager)).statusCode).toBe(404);
    expect((await transactionRow(ctx, transaction.id)).status).toBe('paid');
    expect(codeOf(await reopen(transaction.id, 'Vergissing', cast.admin))).toBe('OK');
  });
});
