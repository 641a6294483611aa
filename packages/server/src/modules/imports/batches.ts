import { and, desc, eq, sql } from 'drizzle-orm';
import type { ImportBatch } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { importBatchItems, importBatches, users } from '../../db/schema/index.js';
import { HttpError } from '../../lib/http-error.js';

type Db = Database | Transaction;

/** What is imported as one batch (decision 094 for crops, 097 for members). */
export type ImportKind = 'crops' | 'members';

/** How many names a "cannot be undone" message shows before "en n andere". */
export const namesShown = 5;

/** "Ann, Bert en 3 andere": the first names of what blocks an undo, and how many more. */
export function namedList({ names, count }: { names: string[]; count: number }): string {
  const more = count > names.length ? ` en ${count - names.length} andere` : '';
  return `${names.join(', ')}${more}`;
}

/** Rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export function rowsOf<Row>(found: unknown): Row[] {
  return (found as { rows?: Row[] }).rows ?? (found as Row[]);
}

/** Records a new batch in the import's own transaction (all-or-nothing with its rows). */
export async function startBatch(
  tx: Transaction,
  input: {
    appId: string;
    kind: ImportKind;
    fileName: string;
    userId: number;
    created: number;
    updated: number;
  },
): Promise<number> {
  const [batch] = await tenantDb(tx, input.appId)
    .insert(importBatches)
    .values({
      appId: input.appId,
      kind: input.kind,
      fileName: input.fileName.slice(0, 200),
      createdByUserId: input.userId,
      createdCount: input.created,
      updatedCount: input.updated,
    })
    .returning({ id: importBatches.id });
  return batch!.id;
}

/** The farm's last 20 imports of a kind, newest first, each with why it can no longer be undone. */
export async function listImportBatches(
  db: Database,
  appId: string,
  kind: ImportKind,
  blockedBecause: (batchId: number) => Promise<string | null>,
): Promise<ImportBatch[]> {
  const rows = await tenantDb(db, appId)
    .select({ batch: importBatches, firstName: users.firstName, lastName: users.lastName })
    .from(importBatches)
    .leftJoin(users, and(eq(users.appId, importBatches.appId), eq(users.id, importBatches.createdByUserId)))
    .where(and(eq(importBatches.appId, appId), eq(importBatches.kind, kind)))
    .orderBy(desc(importBatches.id))
    .limit(20);
  const answer: ImportBatch[] = [];
  for (const { batch, firstName, lastName } of rows) {
    answer.push({
      id: batch.id,
      fileName: batch.fileName,
      createdAt: batch.createdAt.toISOString(),
      createdBy: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      createdCount: batch.createdCount,
      updatedCount: batch.updatedCount,
      undoneAt: batch.undoneAt?.toISOString() ?? null,
      blockedBecause: batch.undoneAt ? null : await blockedBecause(batch.id),
    });
  }
  return answer;
}

/**
 * Locks an open batch of this farm and kind for its undo and answers it with its items: 404 for another
 * farm's or kind's batch, 409 IMPORT_ALREADY_UNDONE once undone. The row lock makes two undos at once
 * undo once (decision 094).
 */
export async function lockOpenBatch(tx: Transaction, appId: string, kind: ImportKind, batchId: number) {
  const farm = tenantDb(tx, appId);
  const [batch] = await farm
    .select()
    .from(importBatches)
    .where(and(eq(importBatches.appId, appId), eq(importBatches.id, batchId), eq(importBatches.kind, kind)))
    .for('update');
  if (!batch) throw new HttpError(404, 'NOT_FOUND', 'Deze import bestaat niet.');
  if (batch.undoneAt) throw new HttpError(409, 'IMPORT_ALREADY_UNDONE');
  const items = await farm
    .select()
    .from(importBatchItems)
    .where(and(eq(importBatchItems.appId, appId), eq(importBatchItems.batchId, batchId)));
  return { batch, items };
}

/** Marks a batch undone, in the undo's transaction. */
export async function markUndone(tx: Transaction, appId: string, batchId: number, userId: number) {
  await tenantDb(tx, appId)
    .update(importBatches)
    .set({ undoneAt: sql`now()`, undoneByUserId: userId })
    .where(and(eq(importBatches.appId, appId), eq(importBatches.id, batchId)));
}

export type { Db };
