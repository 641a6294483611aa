import type { Policy } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { currentHarvestYear } from '../../harvest-year.js';
import {
  assertLaterHarvestYear,
  assertYearFree,
  isPolicyYearTaken,
  policyValues,
  policyYearTaken,
  type PolicyInput,
} from './input.js';
import { insertOffers } from './offers.js';
import { readPolicy } from './read.js';

/** A new round for a harvest year after the current one (one per year), with its offers. */
export async function createPolicy(
  db: Database,
  appId: string,
  input: PolicyInput,
  now: Date = new Date(),
): Promise<Policy> {
  assertLaterHarvestYear(input.harvestYear, (await currentHarvestYear(db, appId, now)).year);
  let id: number;
  try {
    id = await inTransaction(db, async (tx) => {
      await assertYearFree(tx, appId, input.harvestYear, null);
      const [row] = await tenantDb(tx, appId)
        .insert(intentionPolicies)
        .values({ appId, ...policyValues(input) })
        .returning({ id: intentionPolicies.id });
      if (!row) throw new Error('policy insert returned nothing');
      await insertOffers(tx, appId, row.id, input.offers);
      return row.id;
    });
  } catch (err) {
    // Two managers creating the same year at once: the unique index decides.
    if (isPolicyYearTaken(err)) throw policyYearTaken();
    throw err;
  }
  return readPolicy(db, appId, id, now);
}
