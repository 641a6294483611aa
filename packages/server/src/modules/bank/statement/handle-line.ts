import { and, eq, sql } from 'drizzle-orm';
import type { StatementLine as StatementLineView, StatementLineOutcome } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankImportLines, bankImports } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { AuthUser } from '../../../types.js';
import { closeTransaction, type BankActor } from '../status-change.js';
import { statementLine } from './import-views.js';
import { bookingNoon, describeLine } from './line-payment.js';
import { managerName } from './manager-name.js';

type LineRow = typeof bankImportLines.$inferSelect;

/** What a manager may still match or set aside: flagged lines and lines nothing was found for. */
const awaitingHands: readonly StatementLineOutcome[] = ['partial', 'overpaid', 'already-paid', 'unmatched'];

/**
 * Locks one line of this farm (`for update`) and checks that a manager may handle it: 404 when it is not
 * this farm's, 409 for money out and for a line matched or set aside already (also by a manager who
 * clicked at the same time: the second waits for the lock and then sees it handled).
 */
async function lockHandleableLine(tx: Transaction, appId: string, lineId: number): Promise<LineRow> {
  const [line] = await tenantDb(tx, appId)
    .select()
    .from(bankImportLines)
    .where(and(eq(bankImportLines.appId, appId), eq(bankImportLines.id, lineId)))
    .for('update');
  if (!line) throw notFound();
  if (line.amountCents <= 0) throw new HttpError(409, 'BANK_LINE_NOT_CREDIT');
  if (!awaitingHands.includes(line.outcome as StatementLineOutcome)) {
    throw new HttpError(409, 'BANK_LINE_ALREADY_HANDLED');
  }
  return line;
}

async function actorOf(tx: Transaction, user: AuthUser): Promise<BankActor> {
  return { userId: user.id, name: (await managerName(tx, user.appId, user.id)) ?? user.username };
}

async function fileNameOf(tx: Transaction, appId: string, importId: number): Promise<string> {
  const [row] = await tenantDb(tx, appId)
    .select({ fileName: bankImports.fileName })
    .from(bankImports)
    .where(and(eq(bankImports.appId, appId), eq(bankImports.id, importId)));
  return row?.fileName ?? 'bankbestand';
}

/**
 * `matchLine`: a manager says which open transaction a flagged or unmatched credit line pays. The line is
 * locked first, then the transaction (`closeTransaction`): it becomes paid by transfer on the booking day,
 * with the manager as actor and the file's line in the audit; the line becomes `matched-by-hand`.
 */
export async function matchLine(
  db: Database,
  user: AuthUser,
  lineId: number,
  transactionId: number,
): Promise<StatementLineView> {
  const { appId } = user;
  await inTransaction(db, async (tx) => {
    const line = await lockHandleableLine(tx, appId, lineId);
    const actor = await actorOf(tx, user);
    const detail = `${describeLine(await fileNameOf(tx, appId, line.importId), line)} (manueel gekoppeld)`;
    const { changed, row } = await closeTransaction(tx, appId, transactionId, {
      to: 'paid',
      via: 'transfer',
      paidAt: bookingNoon(line.bookingDate),
      actor,
      detail,
    });
    if (!row) throw new HttpError(404, 'NOT_FOUND', 'Deze transactie bestaat niet (meer).');
    if (!changed) throw new HttpError(409, 'TRANSACTION_ALREADY_HANDLED');
    await tenantDb(tx, appId)
      .update(bankImportLines)
      .set({ outcome: 'matched-by-hand', transactionId, handledByUserId: user.id, handledAt: sql`now()` })
      .where(and(eq(bankImportLines.appId, appId), eq(bankImportLines.id, lineId)));
  });
  return statementLine(db, appId, lineId);
}

/** `ignoreLine`: a manager sets a flagged or unmatched credit line aside; no transaction changes. */
export async function ignoreLine(db: Database, user: AuthUser, lineId: number): Promise<StatementLineView> {
  const { appId } = user;
  await inTransaction(db, async (tx) => {
    await lockHandleableLine(tx, appId, lineId);
    await tenantDb(tx, appId)
      .update(bankImportLines)
      .set({ outcome: 'ignored', handledByUserId: user.id, handledAt: sql`now()` })
      .where(and(eq(bankImportLines.appId, appId), eq(bankImportLines.id, lineId)));
  });
  return statementLine(db, appId, lineId);
}
