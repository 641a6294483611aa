import { and, asc, eq, isNull } from 'drizzle-orm';
import { householdPriceCents, type Conversion } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionQuestionnaires, users } from '../../../db/schema/index.js';
import { literalFlag } from '../../../lib/paging.js';
import { householdCounts, noHousehold } from '../../subscription/service.js';
import { offersOf, type OfferRow } from '../counts.js';
import { answerOffersOf } from '../follow-up/answer-offers.js';
import type { PolicyRow } from '../policy-state.js';

/** One member's chosen offer: a membership of next year's subscription and, unless free, a transaction. */
export interface ConversionLine {
  questionnaireId: number;
  userId: number;
  payerName: string;
  offer: OfferRow;
  /** The offer's prices for the member's household today. */
  amountCents: number;
}

export interface ConversionPlan {
  policy: PolicyRow;
  /** Every offer of the policy, in the manager's order. */
  offers: OfferRow[];
  /** The questionnaires this run turns into subscriptions and transactions. */
  questionnaireIds: number[];
  /** Per questionnaire and chosen offer, by offer and member (the order rows are inserted in). */
  lines: ConversionLine[];
}

/**
 * What a conversion works from: the answers that said `continue` and were not converted yet, of members
 * still active and approved (as the bank's yearly run), with their chosen offers priced at their
 * household today. A questionnaire converted before is never part of it again: that is what makes a
 * second run create nothing twice.
 */
export async function conversionPlan(
  db: Database | Transaction,
  appId: string,
  policy: PolicyRow,
): Promise<ConversionPlan> {
  const q = intentionQuestionnaires;
  const answers = await tenantDb(db, appId)
    .select({ id: q.id, userId: q.userId, firstName: users.firstName, lastName: users.lastName })
    .from(q)
    .innerJoin(users, eq(users.id, q.userId))
    .where(
      and(
        eq(q.policyId, policy.id),
        eq(q.status, 'submitted'),
        eq(q.choice, 'continue'),
        isNull(q.convertedAt),
        eq(users.isActive, literalFlag(true)),
        eq(users.isApproved, literalFlag(true)),
      ),
    )
    .orderBy(asc(q.userId));
  const [offers, chosen, households] = await Promise.all([
    offersOf(db, appId, policy.id),
    answerOffersOf(
      db,
      appId,
      policy.id,
      answers.map((answer) => answer.id),
    ),
    householdCounts(
      db,
      appId,
      answers.map((answer) => answer.userId),
    ),
  ]);
  const lines: ConversionLine[] = [];
  for (const offer of offers) {
    for (const answer of answers) {
      if (!chosen.get(answer.id)?.some((picked) => picked.id === offer.id)) continue;
      lines.push({
        questionnaireId: answer.id,
        userId: answer.userId,
        payerName: `${answer.firstName} ${answer.lastName}`.trim(),
        offer,
        amountCents: householdPriceCents(offer, households.get(answer.userId) ?? noHousehold),
      });
    }
  }
  return { policy, offers, questionnaireIds: answers.map((answer) => answer.id), lines };
}

/** The offers some line chose, in the manager's order. */
export function chosenOffers(plan: ConversionPlan): OfferRow[] {
  const chosen = new Set(plan.lines.map((line) => line.offer.id));
  return plan.offers.filter((offer) => chosen.has(offer.id));
}

/** The answer's per-offer part: households that chose it and the money of the transactions made for it. */
export function offerResults(
  plan: ConversionPlan,
  subscriptionOf: ReadonlyMap<number, number | null>,
  madeCents: ReadonlyMap<number, number>,
): Conversion['offers'] {
  return plan.offers.map((offer) => ({
    offerId: offer.id,
    name: offer.name,
    subscriptionId: subscriptionOf.get(offer.id) ?? offer.subscriptionId,
    households: plan.lines.filter((line) => line.offer.id === offer.id).length,
    totalCents: madeCents.get(offer.id) ?? 0,
  }));
}
