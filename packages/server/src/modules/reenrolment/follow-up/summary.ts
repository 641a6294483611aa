import { and, asc, eq } from 'drizzle-orm';
import { householdPriceCents, type PolicyOfferTotals, type PolicySummaryTotals } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionQuestionnaires } from '../../../db/schema/index.js';
import { householdCounts, noHousehold } from '../../subscription/service.js';
import { emptyCounts, offersOf, policyCounts } from '../counts.js';
import { findPolicy } from '../policy-state.js';
import { answerOffersOf } from './answer-offers.js';

/**
 * The follow-up screen's totals: the counts, and per offer the households that chose it (answered,
 * continuing), their adults and children and the money at today's households, every offer listed.
 */
export async function policySummary(
  db: Database,
  appId: string,
  policyId: number,
): Promise<PolicySummaryTotals> {
  await findPolicy(db, appId, policyId);
  const continuing = await tenantDb(db, appId)
    .select({ id: intentionQuestionnaires.id, userId: intentionQuestionnaires.userId })
    .from(intentionQuestionnaires)
    .where(
      and(
        eq(intentionQuestionnaires.policyId, policyId),
        eq(intentionQuestionnaires.status, 'submitted'),
        eq(intentionQuestionnaires.choice, 'continue'),
      ),
    )
    .orderBy(asc(intentionQuestionnaires.id));
  const [offers, counts, chosen, households] = await Promise.all([
    offersOf(db, appId, policyId),
    policyCounts(db, appId, [policyId]),
    answerOffersOf(
      db,
      appId,
      policyId,
      continuing.map((row) => row.id),
    ),
    householdCounts(
      db,
      appId,
      continuing.map((row) => row.userId),
    ),
  ]);
  const totals = new Map<number, PolicyOfferTotals>(
    offers.map((offer) => [
      offer.id,
      { offerId: offer.id, name: offer.name, households: 0, adults: 0, children: 0, totalCents: 0 },
    ]),
  );
  for (const questionnaire of continuing) {
    const household = households.get(questionnaire.userId) ?? noHousehold;
    for (const offer of chosen.get(questionnaire.id) ?? []) {
      const total = totals.get(offer.id)!;
      total.households += 1;
      total.adults += household.adults;
      total.children += household.children;
      total.totalCents += householdPriceCents(offer, household);
    }
  }
  const perOffer = [...totals.values()];
  return {
    counts: counts.get(policyId) ?? emptyCounts,
    offers: perOffer,
    totalCents: perOffer.reduce((sum, offer) => sum + offer.totalCents, 0),
  };
}
