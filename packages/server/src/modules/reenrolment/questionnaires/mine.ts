import { and, desc, eq } from 'drizzle-orm';
import type { MyCurrentQuestionnaire, MyQuestionnaire } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies, intentionQuestionnaires } from '../../../db/schema/index.js';
import { notFound } from '../../../lib/http-error.js';
import type { AuthUser } from '../../../types.js';
import { isPolicyEnded } from '../policy-state.js';
import { loadMyQuestionnaire } from './load.js';

/** My questionnaires with their rounds, the newest round first (a member has one a year at most). */
function myQuestionnaires(db: Database, user: AuthUser) {
  return tenantDb(db, user.appId)
    .select({ questionnaire: intentionQuestionnaires, policy: intentionPolicies })
    .from(intentionQuestionnaires)
    .innerJoin(intentionPolicies, eq(intentionPolicies.id, intentionQuestionnaires.policyId))
    .where(and(eq(intentionQuestionnaires.appId, user.appId), eq(intentionQuestionnaires.userId, user.id)))
    .orderBy(desc(intentionPolicies.harvestYear), desc(intentionQuestionnaires.id));
}

/**
 * `GET QuestionsForNextYear`: my newest questionnaire of a round still open for answers, else my newest
 * (the thanks page after the deadline), else none. The start-up dialog reads its `needsAnswer`.
 */
export async function myCurrentQuestionnaire(
  db: Database,
  user: AuthUser,
  now: Date = new Date(),
): Promise<MyCurrentQuestionnaire> {
  const rows = await myQuestionnaires(db, user);
  const current =
    rows.find((row) => row.policy.convertedAt === null && !isPolicyEnded(row.policy, now)) ?? rows[0];
  if (!current) return { questionnaire: null };
  return {
    questionnaire: await loadMyQuestionnaire(db, user.appId, current.questionnaire, current.policy, now),
  };
}

/** One of my questionnaires; another member's (or another farm's) is 404. */
export async function myQuestionnaire(
  db: Database,
  user: AuthUser,
  id: number,
  now: Date = new Date(),
): Promise<MyQuestionnaire> {
  const [row] = await tenantDb(db, user.appId)
    .select({ questionnaire: intentionQuestionnaires, policy: intentionPolicies })
    .from(intentionQuestionnaires)
    .innerJoin(intentionPolicies, eq(intentionPolicies.id, intentionQuestionnaires.policyId))
    .where(and(eq(intentionQuestionnaires.id, id), eq(intentionQuestionnaires.userId, user.id)));
  if (!row) throw notFound();
  return loadMyQuestionnaire(db, user.appId, row.questionnaire, row.policy, now);
}
