import type { CreateQuestionsResult } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionQuestionnaires } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { assertOpenForAnswers, lockPolicy } from '../policy-state.js';
import { currentYearMembers, pickedMembers } from './recipients.js';

/** Rows per insert: three parameters a row, far below PostgreSQL's 65,535. */
const insertChunk = 1000;

/**
 * `createQuestionsForNextYear`: every active, approved member with a subscription in the current harvest
 * year — or each member the manager picked (`userIds`) — gets one open questionnaire for the policy;
 * an account with only staff roles never does (decision 090, `recipients.ts`). The unique index (policy, user) with `on conflict do nothing` keeps it one, also when the
 * manager runs it twice or two managers run it at once; a member who joined since gets theirs on the
 * next run. Refused once the round is converted or its deadline passed.
 */
export async function createQuestions(
  db: Database,
  appId: string,
  policyId: number,
  userIds?: number[],
  now: Date = new Date(),
): Promise<CreateQuestionsResult> {
  return inTransaction(db, async (tx) => {
    assertOpenForAnswers(await lockPolicy(tx, appId, policyId, 'share'), now);
    const farm = tenantDb(tx, appId);
    const members = (
      userIds === undefined ? await currentYearMembers(tx, appId) : await pickedMembers(tx, appId, userIds)
    ).map((id) => ({ id }));
    let created = 0;
    for (let start = 0; start < members.length; start += insertChunk) {
      const inserted = await farm
        .insert(intentionQuestionnaires)
        .values(members.slice(start, start + insertChunk).map((m) => ({ appId, policyId, userId: m.id })))
        .onConflictDoNothing()
        .returning({ id: intentionQuestionnaires.id });
      created += inserted.length;
    }
    return { created, existing: members.length - created };
  });
}
