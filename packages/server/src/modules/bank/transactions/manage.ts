import { and, eq, sql } from 'drizzle-orm';
import { formatStructuredReference, type ManagedTransaction, type PaidVia } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { formatEuros } from '../presenter.js';
import {
  closeTransaction,
  lockTransaction,
  recordTransactionEvent,
  refreshHasPaid,
  type StatusChange,
} from '../status-change.js';
import { bankActorOf } from './actor.js';
import { farmNoon, farmToday } from './dates.js';
import { managedTransaction } from './read.js';

const inApp = (appId: string, id: number) =>
  and(eq(bankTransactions.appId, appId), eq(bankTransactions.id, id));

const alreadyHandled = () => new HttpError(409, 'TRANSACTION_ALREADY_HANDLED');

export interface TransactionUpdate {
  id: number;
  amountCents: number;
  description: string;
  dueDate: string;
}

/**
 * Changes an open transaction's amount, description or due date, with an `updated` audit row that says
 * what changed (nothing changed: no row). Paid or cancelled: 409 TRANSACTION_ALREADY_HANDLED.
 */
export async function updateTransaction(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: TransactionUpdate,
): Promise<ManagedTransaction> {
  await inTransaction(db, async (tx) => {
    const row = await lockTransaction(tx, appId, input.id);
    if (!row) throw notFound();
    if (row.status !== 'open') throw alreadyHandled();
    const changes: string[] = [];
    if (row.amountCents !== input.amountCents)
      changes.push(`bedrag ${formatEuros(row.amountCents)} → ${formatEuros(input.amountCents)}`);
    if (row.description !== input.description)
      changes.push(`omschrijving "${row.description}" → "${input.description}"`);
    if (row.dueDate !== input.dueDate) changes.push(`vervaldatum ${row.dueDate} → ${input.dueDate}`);
    if (changes.length === 0) return;
    await tenantDb(tx, appId)
      .update(bankTransactions)
      .set({
        amountCents: input.amountCents,
        description: input.description,
        dueDate: input.dueDate,
        // A new due date falls due on its own day: the member is told again then (decision 090).
        ...(row.dueDate !== input.dueDate ? { dueNotifiedAt: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(inApp(appId, input.id));
    await recordTransactionEvent(tx, appId, {
      transactionId: input.id,
      kind: 'updated',
      amountCents: input.amountCents,
      actor: await bankActorOf(tx, appId, auth),
      detail: changes.join('; '),
    });
  });
  return managedTransaction(db, appId, input.id);
}

/** Runs one status change; 404 for an unknown id, 409 when it was not open. */
async function changeStatus(
  db: Database,
  appId: string,
  id: number,
  change: (actor: Awaited<ReturnType<typeof bankActorOf>>) => StatusChange,
  auth: RequestAuth,
): Promise<ManagedTransaction> {
  await inTransaction(db, async (tx) => {
    const result = await closeTransaction(tx, appId, id, change(await bankActorOf(tx, appId, auth)));
    if (!result.row) throw notFound();
    if (!result.changed) throw alreadyHandled();
  });
  return managedTransaction(db, appId, id);
}

/**
 * Marks an open transaction paid by hand: on `paidOn` (noon on the farm's clock, never in the future)
 * or now; the note goes into the audit row.
 */
export async function markTransactionPaid(
  db: Database,
  appId: string,
  auth: RequestAuth,
  id: number,
  body: { via: PaidVia; paidOn?: string | undefined; note: string },
  now: Date = new Date(),
): Promise<ManagedTransaction> {
  if (body.paidOn !== undefined && body.paidOn > farmToday(now)) {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
      paidOn: 'De betaaldatum ligt in de toekomst. Kies vandaag of een dag ervoor.',
    });
  }
  const paidAt = body.paidOn === undefined ? now : farmNoon(body.paidOn);
  return changeStatus(
    db,
    appId,
    id,
    (actor) => ({ to: 'paid', via: body.via, paidAt, actor, detail: body.note }),
    auth,
  );
}

export async function cancelTransaction(
  db: Database,
  appId: string,
  auth: RequestAuth,
  id: number,
): Promise<ManagedTransaction> {
  return changeStatus(db, appId, id, (actor) => ({ to: 'cancelled', actor, detail: '' }), auth);
}

/**
 * Deletes an open or cancelled transaction; a paid one stays as the proof of the euro (409
 * TRANSACTION_PAID). A `deleted` audit row is written first and outlives it (its link becomes null, so
 * the detail names what it was); its payment e-mails and online payments go with it (cascade).
 */
export async function deleteTransaction(
  db: Database,
  appId: string,
  auth: RequestAuth,
  id: number,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockTransaction(tx, appId, id);
    if (!row) throw notFound();
    if (row.status === 'paid') throw new HttpError(409, 'TRANSACTION_PAID');
    await recordTransactionEvent(tx, appId, {
      transactionId: id,
      kind: 'deleted',
      fromStatus: row.status,
      amountCents: row.amountCents,
      actor: await bankActorOf(tx, appId, auth),
      detail:
        `transactie ${id} verwijderd: ${row.payerName}, ${formatEuros(row.amountCents)}, ` +
        `"${row.description}", ${formatStructuredReference(row.structuredReference)}`,
    });
    await tenantDb(tx, appId).delete(bankTransactions).where(inApp(appId, id));
    // An open one gone may leave only paid ones this year: the member has paid then.
    if (row.userId !== null) await refreshHasPaid(tx, appId, row.userId);
  });
}
