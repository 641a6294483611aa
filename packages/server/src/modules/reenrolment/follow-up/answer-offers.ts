import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers, intentionPolicyOffers } from '../../../db/schema/index.js';
import type { OfferRow } from '../counts.js';

/** The offers each of these questionnaires chose, in the offers' order. */
export async function answerOffersOf(
  db: Database | Transaction,
  appId: string,
  policyId: number,
  questionnaireIds: readonly number[],
): Promise<Map<number, OfferRow[]>> {
  const chosen = new Map<number, OfferRow[]>();
  if (questionnaireIds.length === 0) return chosen;
  const rows = await tenantDb(db, appId)
    .select({ questionnaireId: intentionAnswerOffers.questionnaireId, offer: intentionPolicyOffers })
    .from(intentionAnswerOffers)
    .innerJoin(intentionPolicyOffers, eq(intentionPolicyOffers.id, intentionAnswerOffers.offerId))
    .where(
      and(
        eq(intentionAnswerOffers.policyId, policyId),
        inArray(intentionAnswerOffers.questionnaireId, [...new Set(questionnaireIds)]),
      ),
    )
    .orderBy(asc(intentionPolicyOffers.position), asc(intentionPolicyOffers.id));
  for (const row of rows)
    chosen.set(row.questionnaireId, [...(chosen.get(row.questionnaireId) ?? []), row.offer]);
  return chosen;
}
