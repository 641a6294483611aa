import type { Policy } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { emptyCounts, offersOf, policyCounts } from '../counts.js';
import { findPolicy } from '../policy-state.js';
import { presentPolicy } from './presenter.js';

/** One policy of the farm with its offers and counts; another farm's id is 404. */
export async function readPolicy(
  db: Database | Transaction,
  appId: string,
  id: number,
  now: Date = new Date(),
): Promise<Policy> {
  const row = await findPolicy(db, appId, id);
  const [counts, offers] = await Promise.all([policyCounts(db, appId, [id]), offersOf(db, appId, id)]);
  return presentPolicy(row, counts.get(id) ?? emptyCounts, offers, now);
}
