import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaidVia } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { bankImportLines, bankTransactionEvents, bankTransactions, users } from '../../db/schema/index.js';
import { currentHarvestYear } from '../harvest-year.js';

/**
 * The one place a bank transaction's status moves (decision 077). Every caller (a manager's mark-paid or
 * cancel, Mollie's webhook, the return page, a bank file, SetPayed) runs inside its own database
 * transaction and goes through `closeTransaction`, which:
 *   1. locks the row (`select … for update`), so concurrent webhooks or imports queue behind each other;
 *   2. changes it only while it is `open`: the second of two racing calls sees `paid` and changes nothing;
 *   3. writes the audit row and keeps the member's `has_paid` in step, in the same transaction.
 */

export type BankTransactionRow = typeof bankTransactions.$inferSelect;
export type BankTransactionEventKind =
  | 'created'
  | 'updated'
  | 'paid'
  | 'cancelled'
  | 'deleted'
  | 'payment-started'
  | 'payment-flagged'
  | 'reopened'
  | 'refunded'
  | 'reminder-sent';

/** Who changed it: a person (name kept as it was then), or null for Mollie's webhook or a bank file. */
export type BankActor = { userId: number; name: string } | null;

export type StatusChange =
  | {
      to: 'paid';
      via: PaidVia;
      paidAt: Date;
      actor: BankActor;
      detail: string;
      /** The Mollie payment that paid it. */
      paymentProviderId?: string;
    }
  | { to: 'cancelled'; actor: BankActor; detail: string };

export interface StatusChangeResult {
  /** False when the row was not open any more (paid or cancelled by an earlier call): nothing changed. */
  changed: boolean;
  /** Undefined when no such transaction exists in this farm. */
  row: BankTransactionRow | undefined;
}

/** Locks one transaction of this farm for the rest of the database transaction. */
export async function lockTransaction(
  tx: Transaction,
  appId: string,
  id: number,
): Promise<BankTransactionRow | undefined> {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id)))
    .for('update');
  return row;
}

export async function closeTransaction(
  tx: Transaction,
  appId: string,
  id: number,
  change: StatusChange,
): Promise<StatusChangeResult> {
  const row = await lockTransaction(tx, appId, id);
  if (!row || row.status !== 'open') return { changed: false, row };
  const paid = change.to === 'paid';
  const [updated] = await tenantDb(tx, appId)
    .update(bankTransactions)
    .set({
      status: change.to,
      paidAt: paid ? change.paidAt : null,
      paidVia: paid ? change.via : null,
      paymentProviderId: paid ? (change.paymentProviderId ?? row.paymentProviderId) : row.paymentProviderId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id)))
    .returning();
  await recordTransactionEvent(tx, appId, {
    transactionId: id,
    kind: change.to,
    fromStatus: 'open',
    toStatus: change.to,
    paidVia: paid ? change.via : null,
    amountCents: row.amountCents,
    actor: change.actor,
    detail: change.detail,
  });
  if (row.userId !== null) await refreshHasPaid(tx, appId, row.userId);
  return { changed: true, row: updated };
}

/**
 * Takes a paid transaction back to open (ADR 093): a reopen with a reason, or after Mollie refunded it.
 * The caller has locked the row (`lockTransaction`) and checked it is paid, in its database transaction;
 * here the payment is undone, the event written, the bank file lines that paid it freed (they can then be
 * matched to the right transaction), and `has_paid` follows, all in that same transaction.
 */
export async function reopenLockedTransaction(
  tx: Transaction,
  row: BankTransactionRow,
  event: { kind: 'reopened' | 'refunded'; actor: BankActor; detail: string },
): Promise<BankTransactionRow> {
  const { appId, id } = row;
  const [updated] = await tenantDb(tx, appId)
    .update(bankTransactions)
    .set({ status: 'open', paidAt: null, paidVia: null, paymentProviderId: null, updatedAt: sql`now()` })
    .where(and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id)))
    .returning();
  await recordTransactionEvent(tx, appId, {
    transactionId: id,
    kind: event.kind,
    fromStatus: 'paid',
    toStatus: 'open',
    paidVia: (row.paidVia as PaidVia | null) ?? null,
    amountCents: row.amountCents,
    actor: event.actor,
    detail: event.detail,
  });
  await tenantDb(tx, appId)
    .update(bankImportLines)
    .set({ outcome: 'unmatched', transactionId: null, handledByUserId: null, handledAt: null })
    .where(
      and(
        eq(bankImportLines.appId, appId),
        eq(bankImportLines.transactionId, id),
        inArray(bankImportLines.outcome, ['paid', 'matched-by-hand']),
      ),
    );
  if (row.userId !== null) await refreshHasPaid(tx, appId, row.userId);
  if (!updated) throw new Error(`bank_transactions ${id}: locked but not updated`);
  return updated;
}

export async function recordTransactionEvent(
  tx: Transaction,
  appId: string,
  event: {
    transactionId: number;
    kind: BankTransactionEventKind;
    fromStatus?: string | null;
    toStatus?: string | null;
    paidVia?: PaidVia | null;
    amountCents?: number | null;
    actor: BankActor;
    detail?: string;
  },
): Promise<void> {
  await tenantDb(tx, appId)
    .insert(bankTransactionEvents)
    .values({
      appId,
      transactionId: event.transactionId,
      kind: event.kind,
      fromStatus: event.fromStatus ?? null,
      toStatus: event.toStatus ?? null,
      paidVia: event.paidVia ?? null,
      amountCents: event.amountCents ?? null,
      actorUserId: event.actor?.userId ?? null,
      actorName: event.actor?.name ?? null,
      detail: event.detail ?? '',
    });
}

/**
 * `users.has_paid` for the current harvest year follows the transactions: a member with transactions of
 * this year has paid when none of them is open and at least one is paid. A member without transactions
 * this year keeps what a manager set by hand (SetPayed), so a farm that does not use the bank still can.
 */
export async function refreshHasPaid(tx: Transaction, appId: string, userId: number): Promise<void> {
  const { year } = await currentHarvestYear(tx, appId);
  const [counts] = await tenantDb(tx, appId)
    .select({
      open: sql<number>`count(*) filter (where ${bankTransactions.status} = 'open')::int`,
      paid: sql<number>`count(*) filter (where ${bankTransactions.status} = 'paid')::int`,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.appId, appId),
        eq(bankTransactions.userId, userId),
        eq(bankTransactions.harvestYear, year),
      ),
    );
  const open = Number(counts?.open ?? 0);
  const paid = Number(counts?.paid ?? 0);
  if (open === 0 && paid === 0) return;
  await tenantDb(tx, appId)
    .update(users)
    .set({ hasPaid: open === 0 && paid > 0 })
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
}
