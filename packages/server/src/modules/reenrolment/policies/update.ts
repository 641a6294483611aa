import { sql } from 'drizzle-orm';
import type { Policy } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { assertNotConverted, lockPolicy, policyInApp } from '../policy-state.js';
import {
  assertLaterHarvestYear,
  assertYearFree,
  isPolicyYearTaken,
  policyValues,
  policyYearTaken,
  type PolicyInput,
} from './input.js';
import { replaceOffers } from './offers.js';
import { readPolicy } from './read.js';

/**
 * Changes a policy that was not converted, under its row lock (a member's answer and the conversion wait).
 * A new harvest year must be after the current one; the year it has may stay when time moves on, so a
 * round for next year can still be edited once that year began. The deadline may move either way: a
 * later deadline opens answers again.
 */
export async function updatePolicy(
  db: Database,
  appId: string,
  id: number,
  input: PolicyInput,
  now: Date = new Date(),
): Promise<Policy> {
  try {
    await inTransaction(db, async (tx) => {
      const policy = await lockPolicy(tx, appId, id, 'update');
      assertNotConverted(policy);
      if (input.harvestYear !== policy.harvestYear) {
        assertLaterHarvestYear(input.harvestYear, (await currentHarvestYear(tx, appId, now)).year);
        await assertYearFree(tx, appId, input.harvestYear, id);
      }
      await tenantDb(tx, appId)
        .update(intentionPolicies)
        .set({ ...policyValues(input), updatedAt: sql`now()` })
        .where(policyInApp(appId, id));
      await replaceOffers(tx, appId, id, input.offers);
    });
  } catch (err) {
    if (isPolicyYearTaken(err)) throw policyYearTaken();
    throw err;
  }
  return readPolicy(db, appId, id, now);
}
