import { isRetryableConflict } from '../lib/db-errors.js';
import type { Database, Transaction } from './client.js';

/**
 * Runs `work` in a transaction and, when PostgreSQL aborts it for a serialization failure (40001) or a
 * deadlock (40P01), runs the whole transaction once more: the other side has committed or rolled back
 * by then, so the second run usually passes. A second clash is thrown as is and answered 409
 * CONCURRENT_UPDATE by the error handler (ADR 050). `work` may run twice, so it must keep its side
 * effects (mail, push, outside state) until after the transaction.
 */
export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (err) {
    if (!isRetryableConflict(err)) throw err;
  }
  return db.transaction(work);
}
