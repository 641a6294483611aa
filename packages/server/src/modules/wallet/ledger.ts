import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LedgerKind } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { ledgerEntries, wallets } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { HttpError } from '../../lib/http-error.js';

/**
 * The one ledger of virtual money (docs/product/money.md, "Virtual money", ADR 058). Every movement goes
 * through `moveMoney`, inside the transaction of the change it pays for: it locks both wallets (in id order,
 * so two movements between the same wallets never deadlock), refuses what a member's wallet cannot cover,
 * writes one `ledger_entries` row and moves the two balances (and the giver's donation count) in step. Its
 * idempotency key is unique per app: a movement already written (by a retry or a racing call) is not written
 * again.
 */

export interface Movement {
  appId: string;
  fromWalletId: number;
  toWalletId: number;
  amountCents: number;
  kind: LedgerKind;
  description: string;
  idempotencyKey: string;
  reservationId?: number | null;
  requestId?: number | null;
  createdByUserId?: number | null;
}

export interface MoveResult {
  /** False when the key was already in the ledger: nothing moved now. */
  moved: boolean;
  entryId: number;
}

/** The member's wallet id, made on first use (every member has one, empty until money arrives). */
export async function memberWalletId(tx: Transaction, appId: string, userId: number): Promise<number> {
  const farm = tenantDb(tx, appId);
  await farm.insert(wallets).values({ appId, kind: 'member', userId }).onConflictDoNothing();
  const [row] = await farm.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId));
  if (!row) throw new Error(`wallet of user ${userId} not found after insert`);
  return row.id;
}

/** The farm's internal bank wallet, made on first use. */
export async function bankWalletId(tx: Transaction, appId: string): Promise<number> {
  const farm = tenantDb(tx, appId);
  await farm.insert(wallets).values({ appId, kind: 'bank', userId: null }).onConflictDoNothing();
  const [row] = await farm.select({ id: wallets.id }).from(wallets).where(eq(wallets.kind, 'bank'));
  if (!row) throw new Error(`bank wallet of app ${appId} not found after insert`);
  return row.id;
}

/** Locks the wallets in id order for the rest of the transaction and returns them by id. */
export async function lockWallets(tx: Transaction, appId: string, ids: number[]) {
  const rows = await tenantDb(tx, appId)
    .select()
    .from(wallets)
    .where(inArray(wallets.id, [...new Set(ids)]))
    .orderBy(asc(wallets.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Moves money from one wallet to another, once per idempotency key. A key seen before with the same
 * movement answers `moved: false`; with another movement, 409 IDEMPOTENCY_KEY_REUSED. A member wallet
 * that cannot cover the amount answers 409 INSUFFICIENT_FUNDS (the bank may go below zero: that is issuance).
 */
export async function moveMoney(tx: Transaction, movement: Movement): Promise<MoveResult> {
  const { appId } = movement;
  if (!Number.isInteger(movement.amountCents) || movement.amountCents <= 0) {
    throw new Error(`a movement is a positive whole number of cents, not ${movement.amountCents}`);
  }
  const farm = tenantDb(tx, appId);
  const locked = await lockWallets(tx, appId, [movement.fromWalletId, movement.toWalletId]);
  const earlier = await entryByKey(tx, appId, movement.idempotencyKey);
  if (earlier) return sameMovementOrThrow(earlier, movement);
  const from = locked.get(movement.fromWalletId);
  if (!from || !locked.get(movement.toWalletId))
    throw new Error('a movement names a wallet that does not exist');
  if (from.kind === 'member' && from.balanceCents < movement.amountCents) {
    throw new HttpError(409, 'INSUFFICIENT_FUNDS');
  }
  const [entry] = await farm
    .insert(ledgerEntries)
    .values({
      appId,
      fromWalletId: movement.fromWalletId,
      toWalletId: movement.toWalletId,
      amountCents: movement.amountCents,
      kind: movement.kind,
      description: movement.description,
      idempotencyKey: movement.idempotencyKey,
      reservationId: movement.reservationId ?? null,
      requestId: movement.requestId ?? null,
      createdByUserId: movement.createdByUserId ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  if (!entry) {
    // A concurrent call with the same key committed between our check and our insert.
    const raced = await entryByKey(tx, appId, movement.idempotencyKey);
    if (!raced) throw new Error('ledger insert conflicted but no entry has the key');
    return sameMovementOrThrow(raced, movement);
  }
  await farm
    .update(wallets)
    .set({
      balanceCents: sql`${wallets.balanceCents} - ${movement.amountCents}`,
      // The wallet's donation count (the bank's is the internal bank's, ADR 070), under the same lock.
      ...(movement.kind === 'donation' ? { donationCount: sql`${wallets.donationCount} + 1` } : {}),
    })
    .where(eq(wallets.id, movement.fromWalletId));
  await farm
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${movement.amountCents}` })
    .where(eq(wallets.id, movement.toWalletId));
  return { moved: true, entryId: entry.id };
}

async function entryByKey(tx: Transaction, appId: string, key: string) {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.idempotencyKey, key)));
  return row ?? null;
}

function sameMovementOrThrow(earlier: typeof ledgerEntries.$inferSelect, movement: Movement): MoveResult {
  const same =
    earlier.fromWalletId === movement.fromWalletId &&
    earlier.toWalletId === movement.toWalletId &&
    earlier.amountCents === movement.amountCents &&
    earlier.kind === movement.kind;
  if (!same) throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED');
  return { moved: false, entryId: earlier.id };
}
