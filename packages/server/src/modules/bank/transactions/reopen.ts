import type { ManagedTransaction } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { lockTransaction, reopenLockedTransaction } from '../status-change.js';
import { bankActorOf } from './actor.js';
import { managedTransaction } from './read.js';

/**
 * Reopens a paid transaction with a reason (ADR 093): a payment booked on the wrong member, cash that
 * never came. The row is locked first, so of two reopens at once (two managers, a double click) the
 * second finds it open and answers 409 TRANSACTION_NOT_PAID: one `reopened` event, never two. A
 * transaction paid online is refunded through Mollie instead (409 TRANSACTION_PAID_ONLINE): reopening it
 * would leave the member's money at the farm while the member owes it again.
 */
export async function reopenTransaction(
  db: Database,
  appId: string,
  auth: RequestAuth,
  id: number,
  reason: string,
): Promise<ManagedTransaction> {
  await inTransaction(db, async (tx) => {
    const row = await lockTransaction(tx, appId, id);
    if (!row) throw notFound();
    if (row.status !== 'paid') throw new HttpError(409, 'TRANSACTION_NOT_PAID');
    if (row.paidVia === 'online') throw new HttpError(409, 'TRANSACTION_PAID_ONLINE');
    await reopenLockedTransaction(tx, row, {
      kind: 'reopened',
      actor: await bankActorOf(tx, appId, auth),
      detail: reason,
    });
  });
  return managedTransaction(db, appId, id);
}
