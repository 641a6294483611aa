import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { productReservations, products, requests, users, wallets } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { HttpError } from '../../lib/http-error.js';
import { lockWallets, memberWalletId } from './ledger.js';

/**
 * What a member has promised but not paid yet (ADR 058): the totals of their reservations waiting for
 * the owner and the rewards of their requests still open or taken. Buying or promising a reward is
 * refused when the balance minus this does not cover it, so a confirm always finds the money there.
 * Call it after locking the member's wallet (`lockWallets`), so two purchases cannot both spend it.
 */
export async function reservedCents(
  db: Database | Transaction,
  appId: string,
  userId: number,
): Promise<number> {
  const farm = tenantDb(db, appId);
  const [purchases] = await farm
    .select({ total: sum(productReservations.totalCents) })
    .from(productReservations)
    .where(and(eq(productReservations.userId, userId), eq(productReservations.status, 'reserved')));
  const [rewards] = await farm
    .select({ total: sum(requests.rewardCents) })
    .from(requests)
    .where(and(eq(requests.requesterUserId, userId), inArray(requests.status, ['open', 'taken'])));
  return Number(purchases?.total ?? 0) + Number(rewards?.total ?? 0);
}

/** The member's balance (0 without a wallet yet). */
export async function balanceCents(
  db: Database | Transaction,
  appId: string,
  userId: number,
): Promise<number> {
  const [row] = await tenantDb(db, appId)
    .select({ balance: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.balance ?? 0;
}

/**
 * What a member is still to receive: the totals of reservations waiting on their priced offers and the
 * rewards of requests they took. A member who stops trading with virtual money would still be paid
 * these on a confirm, so switching off waits until they are settled, like the money they promised.
 */
export async function incomingCents(
  db: Database | Transaction,
  appId: string,
  userId: number,
): Promise<number> {
  const farm = tenantDb(db, appId);
  const [sales] = await farm
    .select({ total: sum(productReservations.totalCents) })
    .from(productReservations)
    .innerJoin(products, eq(products.id, productReservations.productId))
    .where(and(eq(products.ownerUserId, userId), eq(productReservations.status, 'reserved')));
  const [rewards] = await farm
    .select({ total: sum(requests.rewardCents) })
    .from(requests)
    .where(and(eq(requests.takenByUserId, userId), eq(requests.status, 'taken')));
  return Number(sales?.total ?? 0) + Number(rewards?.total ?? 0);
}

/** Whether a member of this app trades with virtual money (false for an unknown id). */
export async function isTransactionable(
  db: Database | Transaction,
  appId: string,
  userId: number,
): Promise<boolean> {
  const [row] = await tenantDb(db, appId)
    .select({ on: users.isTransactionable })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return row?.on ?? false;
}

/**
 * The one rule for promising money (a purchase waiting for its owner, a request's reward): the member
 * trades with virtual money and `balance − reserved` covers the amount. The wallet is locked first, so
 * two promises (or a promise and switching trading off, which takes the same lock) queue up and never
 * both spend the same money. `alreadyPromised` is what the change replaces (a reward being raised).
 */
export async function assertCanPromise(
  tx: Transaction,
  appId: string,
  userId: number,
  amountCents: number,
  messages: { notTransactionable?: string; insufficient: (availableCents: number) => string },
  alreadyPromised = 0,
): Promise<void> {
  if (amountCents <= 0) return;
  const walletId = await memberWalletId(tx, appId, userId);
  const wallet = (await lockWallets(tx, appId, [walletId])).get(walletId)!;
  if (!(await isTransactionable(tx, appId, userId))) {
    throw new HttpError(409, 'NOT_TRANSACTIONABLE', messages.notTransactionable);
  }
  const available = wallet.balanceCents - (await reservedCents(tx, appId, userId)) + alreadyPromised;
  if (available < amountCents) {
    throw new HttpError(409, 'INSUFFICIENT_FUNDS', messages.insufficient(Math.max(0, available)));
  }
}
