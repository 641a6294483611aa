import {
  householdPriceCents,
  type HouseholdCount,
  type MemberOffer,
  type MyQuestionnaire,
  type PolicyOffer,
} from '@pluk/contract';
import type { intentionQuestionnaires } from '../../db/schema/index.js';
import type { OfferRow } from './counts.js';
import { isPolicyEnded, type PolicyRow } from './policy-state.js';

export type QuestionnaireRow = typeof intentionQuestionnaires.$inferSelect;

export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** An offer as the manager sees it. */
export function presentOffer(row: OfferRow): PolicyOffer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    adultPriceCents: row.adultPriceCents,
    childPriceCents: row.childPriceCents,
    requiredCredits: row.requiredCredits,
    subscriptionId: row.subscriptionId,
  };
}

/** An offer as a member sees it: with the price for their household. */
function presentMemberOffer(row: OfferRow, household: HouseholdCount): MemberOffer {
  const { subscriptionId: _linked, ...offer } = presentOffer(row);
  return { ...offer, priceCents: householdPriceCents(row, household) };
}

/**
 * A member's questionnaire: the round, the household today, every offer priced for it, the answer and
 * what it costs. `offerIds` keep the offers' order.
 */
export function presentMyQuestionnaire(
  questionnaire: QuestionnaireRow,
  policy: PolicyRow,
  offers: readonly OfferRow[],
  chosenOfferIds: ReadonlySet<number>,
  household: HouseholdCount,
  now: Date,
  currentOfferIds: readonly number[] = [],
): MyQuestionnaire {
  const isEnded = isPolicyEnded(policy, now);
  const chosen = offers.filter((offer) => chosenOfferIds.has(offer.id));
  return {
    id: questionnaire.id,
    policy: {
      id: policy.id,
      harvestYear: policy.harvestYear,
      title: policy.title,
      explanation: policy.explanation,
      deadline: policy.deadline,
      isEnded,
    },
    status: questionnaire.status as MyQuestionnaire['status'],
    choice: questionnaire.choice as MyQuestionnaire['choice'],
    offerIds: chosen.map((offer) => offer.id),
    currentOfferIds: [...currentOfferIds],
    remark: questionnaire.remark,
    household,
    offers: offers.map((offer) => presentMemberOffer(offer, household)),
    totalCents: chosen.reduce((sum, offer) => sum + householdPriceCents(offer, household), 0),
    submittedAt: isoOrNull(questionnaire.submittedAt),
    isConverted: questionnaire.convertedAt !== null,
    needsAnswer: questionnaire.status === 'open' && !isEnded && policy.convertedAt === null,
  };
}
