import { sql } from 'drizzle-orm';
import { structuredReferenceFromNumber } from '@pluk/contract';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions } from '../../../db/schema/index.js';
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
  const found = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('bank_transactions', 'id'))::int as id`,
  );
  // PGlite answers { rows }, postgres.js the rows themselves.
  const rows =
    (found as unknown as { rows?: { id: number }[] }).rows ?? (found as unknown as { id: number }[]);
  const id = Number(rows[0]?.id);
  const [row] = await tenantDb(tx, appId)
    .insert(bankTransactions)
    .values({
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
    })
    .returning();
  const created = row as BankTransactionRow;
  await recordTransactionEvent(tx, appId, {
    transactionId: id,
    kind: 'created',
    toStatus: 'open',
    amountCents: input.amountCents,
    actor,
  });
  await refreshHasPaid(tx, appId, input.userId);
  return created;
}
