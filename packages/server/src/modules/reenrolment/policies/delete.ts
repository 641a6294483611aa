import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers, intentionPolicies } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { assertNotConverted, lockPolicy, policyInApp } from '../policy-state.js';

/**
 * Deletes a policy that was not converted, with its offers, questionnaires and answers. The answers'
 * chosen offers go first: their key to the offer does not cascade (a chosen offer is never removed on
 * its own), and PostgreSQL would check it before the cascade through the questionnaires reached them.
 * A converted policy stays: its offers name next year's subscriptions (409 POLICY_CONVERTED).
 */
export async function deletePolicy(db: Database, appId: string, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    assertNotConverted(await lockPolicy(tx, appId, id, 'update'));
    const farm = tenantDb(tx, appId);
    await farm.delete(intentionAnswerOffers).where(eq(intentionAnswerOffers.policyId, id));
    await farm.delete(intentionPolicies).where(policyInApp(appId, id));
  });
}
