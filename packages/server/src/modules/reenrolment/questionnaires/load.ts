import { and, eq } from 'drizzle-orm';
import type { MyQuestionnaire } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers, subscriptions, userSubscriptions } from '../../../db/schema/index.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { householdCountOf } from '../../subscription/service.js';
import { offersOf, type OfferRow } from '../counts.js';
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

/**
 * The round's offers named like a subscription the member has in the current harvest year: "this year's
 * subscriptions", pre-selected in the questionnaire (decision 090). A round copies this year's
 * subscriptions as its offers by name, so the name is what links them.
 */
async function currentOfferIdsOf(
  db: Db,
  appId: string,
  userId: number,
  offers: readonly OfferRow[],
): Promise<number[]> {
  const { year } = await currentHarvestYear(db, appId);
  const rows = await tenantDb(db, appId)
    .select({ name: subscriptions.name })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(and(eq(userSubscriptions.userId, userId), eq(subscriptions.harvestYear, year)));
  const names = new Set(rows.map((row) => row.name.trim().toLocaleLowerCase('nl')));
  return offers
    .filter((offer) => names.has(offer.name.trim().toLocaleLowerCase('nl')))
    .map((offer) => offer.id);
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
  const current = await currentOfferIdsOf(db, appId, questionnaire.userId, offers);
  return presentMyQuestionnaire(questionnaire, policy, offers, chosen, household, now, current);
}
