import { and, asc, eq } from 'drizzle-orm';
import type { CreateQuestionsResult } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionQuestionnaires, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { literalFlag } from '../../../lib/paging.js';
import { assertOpenForAnswers, lockPolicy } from '../policy-state.js';

/** Rows per insert: three parameters a row, far below PostgreSQL's 65,535. */
const insertChunk = 1000;

/**
 * `createQuestionsForNextYear`: every active, approved member of the farm gets one open questionnaire for
 * the policy. The unique index (policy, user) with `on conflict do nothing` keeps it one, also when the
 * manager runs it twice or two managers run it at once; a member who joined since gets theirs on the
 * next run. Refused once the round is converted or its deadline passed.
 */
export async function createQuestions(
  db: Database,
  appId: string,
  policyId: number,
  now: Date = new Date(),
): Promise<CreateQuestionsResult> {
  return inTransaction(db, async (tx) => {
    assertOpenForAnswers(await lockPolicy(tx, appId, policyId, 'share'), now);
    const farm = tenantDb(tx, appId);
    const members = await farm
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isActive, literalFlag(true)), eq(users.isApproved, literalFlag(true))))
      .orderBy(asc(users.id));
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
