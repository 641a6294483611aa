import { and, eq, inArray, sql } from 'drizzle-orm';
import { structuredReferenceFromNumber } from '@pluk/contract';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactionEvents, bankTransactions, users } from '../../../db/schema/index.js';
import { randomToken } from '../../../lib/tokens.js';
import {
  type BankActor,
  type BankTransactionRow,
  recordTransactionEvent,
  refreshHasPaid,
} from '../status-change.js';

export interface NewTransaction {
  userId: number;
  payerName: string;
  subscriptionId: number | null;
  harvestYear: number;
  amountCents: number;
  description: string;
  /** YYYY-MM-DD */
  dueDate: string;
}

/** Ids from the transactions' sequence, taken before the insert so the reference can be made from them. */
async function nextTransactionIds(tx: Transaction, count: number): Promise<number[]> {
  const found = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('bank_transactions', 'id'))::int as id from generate_series(1, ${count})`,
  );
  // PGlite answers { rows }, postgres.js the rows themselves.
  const rows =
    (found as unknown as { rows?: { id: number }[] }).rows ?? (found as unknown as { id: number }[]);
  return rows.map((row) => Number(row.id));
}

/** The row of a new transaction with its id from `nextTransactionIds`: the reference made from that id. */
function transactionValues(appId: string, id: number, input: NewTransaction) {
  return {
    id,
    appId,
    publicId: randomToken(24),
    userId: input.userId,
    payerName: input.payerName,
    subscriptionId: input.subscriptionId,
    harvestYear: input.harvestYear,
    amountCents: input.amountCents,
    description: input.description,
    structuredReference: structuredReferenceFromNumber(id),
    dueDate: input.dueDate,
  };
}

/**
 * Inserts one open transaction with its `created` audit row. The structured reference is made from the
 * row's own id (taken from the sequence first), so it is unique per farm without a retry loop; the
 * public id is 24 random bytes (32 base64url characters), the only key to the no-login payment page.
 * A second live transaction for the same member and subscription is refused by a unique index
 * (`bank_transactions_one_live_per_subscription`): callers catch it as TRANSACTION_EXISTS.
 */
export async function insertTransaction(
  tx: Transaction,
  appId: string,
  input: NewTransaction,
  actor: BankActor,
): Promise<BankTransactionRow> {
  const [id] = await nextTransactionIds(tx, 1);
  const [row] = await tenantDb(tx, appId)
    .insert(bankTransactions)
    .values(transactionValues(appId, id!, input))
    .returning();
  const created = row as BankTransactionRow;
  await recordTransactionEvent(tx, appId, {
    transactionId: created.id,
    kind: 'created',
    toStatus: 'open',
    amountCents: input.amountCents,
    actor,
  });
  await refreshHasPaid(tx, appId, input.userId);
  return created;
}

/** Rows per insert statement: far below PostgreSQL's 65,535 parameters at 12 a row. */
const insertChunk = 500;

/**
 * Inserts many open transactions at once (the yearly run), each with its `created` audit row, and
 * skips (`on conflict do nothing`) every one the unique index `bank_transactions_one_live_per_subscription`
 * refuses: a member and subscription that has an open or paid one — also one a concurrent run inserted
 * a moment ago, which PostgreSQL waits for and then skips, so two runs at once never make two. Answers
 * the rows inserted. `has_paid` is the caller's: a batch sets it for all its members in one statement.
 */
export async function insertTransactionsSkippingExisting(
  tx: Transaction,
  appId: string,
  inputs: readonly NewTransaction[],
  actor: BankActor,
): Promise<BankTransactionRow[]> {
  const inserted: BankTransactionRow[] = [];
  for (let start = 0; start < inputs.length; start += insertChunk) {
    const chunk = inputs.slice(start, start + insertChunk);
    const ids = await nextTransactionIds(tx, chunk.length);
    const rows = await tenantDb(tx, appId)
      .insert(bankTransactions)
      .values(chunk.map((input, i) => transactionValues(appId, ids[i]!, input)))
      .onConflictDoNothing()
      .returning();
    if (rows.length === 0) continue;
    await tenantDb(tx, appId)
      .insert(bankTransactionEvents)
      .values(
        rows.map((row) => ({
          appId,
          transactionId: row.id,
          kind: 'created',
          toStatus: 'open',
          amountCents: row.amountCents,
          actorUserId: actor?.userId ?? null,
          actorName: actor?.name ?? null,
          detail: '',
        })),
      );
    inserted.push(...rows);
  }
  return inserted;
}

/**
 * After a batch of `insertTransactionsSkippingExisting` for the current harvest year: its members now owe
 * and have not paid it (`has_paid` false, as `refreshHasPaid` says for an open transaction), set in one
 * statement for all of them. A batch of another year leaves `has_paid` as it is (the caller decides).
 */
export async function markOwing(
  tx: Transaction,
  appId: string,
  created: readonly BankTransactionRow[],
): Promise<void> {
  const owing = [...new Set(created.map((row) => row.userId).filter((id): id is number => id !== null))];
  if (owing.length === 0) return;
  await tenantDb(tx, appId)
    .update(users)
    .set({ hasPaid: false })
    .where(and(eq(users.appId, appId), inArray(users.id, owing)));
}
