import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { assertNotConverted, lockPolicy, policyInApp } from '../policy-state.js';

/**
 * Deletes a policy that was not converted; its offers, questionnaires and answers go with it (the foreign
 * keys cascade). A converted one stays: its offers name next year's subscriptions (409 POLICY_CONVERTED).
 */
export async function deletePolicy(db: Database, appId: string, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    assertNotConverted(await lockPolicy(tx, appId, id, 'update'));
    await tenantDb(tx, appId).delete(intentionPolicies).where(policyInApp(appId, id));
  });
}
