import { and, eq } from 'drizzle-orm';
import type { MyQuestionnaire } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers } from '../../../db/schema/index.js';
import { householdCountOf } from '../../subscription/service.js';
import { offersOf } from '../counts.js';
import type { PolicyRow } from '../policy-state.js';
import { presentMyQuestionnaire, type QuestionnaireRow } from '../presenter.js';

type Db = Database | Transaction;

/** The offers a questionnaire chose. */
export async function chosenOfferIds(db: Db, appId: string, questionnaireId: number): Promise<Set<number>> {
  const rows = await tenantDb(db, appId)
    .select({ offerId: intentionAnswerOffers.offerId })
    .from(intentionAnswerOffers)
    .where(
      and(eq(intentionAnswerOffers.appId, appId), eq(intentionAnswerOffers.questionnaireId, questionnaireId)),
    );
  return new Set(rows.map((row) => row.offerId));
}

/** A member's questionnaire as they see it, priced for their household today. */
export async function loadMyQuestionnaire(
  db: Db,
  appId: string,
  questionnaire: QuestionnaireRow,
  policy: PolicyRow,
  now: Date,
): Promise<MyQuestionnaire> {
  const [offers, chosen, household] = await Promise.all([
    offersOf(db, appId, policy.id),
    chosenOfferIds(db, appId, questionnaire.id),
    householdCountOf(db, appId, questionnaire.userId),
  ]);
  return presentMyQuestionnaire(questionnaire, policy, offers, chosen, household, now);
}
