import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionAnswerOffers, intentionPolicyOffers } from '../../../db/schema/index.js';
import { HttpError } from '../../../lib/http-error.js';
import type { PolicyInput } from './input.js';

type OfferInput = PolicyInput['offers'][number];

const offerValues = (offer: OfferInput, position: number) => ({
  name: offer.name,
  description: offer.description,
  adultPriceCents: offer.adultPriceCents,
  childPriceCents: offer.childPriceCents,
  requiredCredits: offer.requiredCredits,
  position,
});

/** A new policy's offers, in the order given. */
export async function insertOffers(
  tx: Transaction,
  appId: string,
  policyId: number,
  offers: readonly OfferInput[],
): Promise<void> {
  await tenantDb(tx, appId)
    .insert(intentionPolicyOffers)
    .values(offers.map((offer, position) => ({ appId, policyId, ...offerValues(offer, position) })));
}

/** 400 on the offer's `id`: it names no offer of this policy (another policy's, another farm's, or twice). */
function unknownOffer(index: number, message: string): HttpError {
  return new HttpError(400, 'VALIDATION_ERROR', message, { [`offers.${index}.id`]: message });
}

/**
 * Makes a policy's offers the given list (the policy row is locked by the caller): an offer with an `id`
 * is changed in place, one without is added, and the policy's offers not in the list are removed —
 * unless a member chose one (409 POLICY_OFFER_CHOSEN, naming it; the answers' foreign key would refuse
 * it too). Names are unique per policy (case-insensitive, checked per statement), so when several offers
 * change their name they first take a name no input can have (inputs are trimmed; these start with a
 * space): two offers may swap names.
 */
export async function replaceOffers(
  tx: Transaction,
  appId: string,
  policyId: number,
  offers: readonly OfferInput[],
): Promise<void> {
  const farm = tenantDb(tx, appId);
  const existing = await farm
    .select({ id: intentionPolicyOffers.id, name: intentionPolicyOffers.name })
    .from(intentionPolicyOffers)
    .where(eq(intentionPolicyOffers.policyId, policyId))
    .orderBy(asc(intentionPolicyOffers.id));
  const nameOf = new Map(existing.map((offer) => [offer.id, offer.name]));
  const kept = new Set<number>();
  offers.forEach((offer, index) => {
    if (offer.id === undefined) return;
    if (!nameOf.has(offer.id))
      throw unknownOffer(index, 'Dit abonnement hoort niet bij deze ronde. Vernieuw de pagina.');
    if (kept.has(offer.id)) throw unknownOffer(index, 'Dit abonnement staat er twee keer in.');
    kept.add(offer.id);
  });

  const removed = existing.filter((offer) => !kept.has(offer.id)).map((offer) => offer.id);
  if (removed.length > 0) {
    const [chosen] = await farm
      .select({ name: intentionPolicyOffers.name })
      .from(intentionAnswerOffers)
      .innerJoin(intentionPolicyOffers, eq(intentionPolicyOffers.id, intentionAnswerOffers.offerId))
      .where(
        and(eq(intentionAnswerOffers.policyId, policyId), inArray(intentionAnswerOffers.offerId, removed)),
      )
      .orderBy(asc(intentionPolicyOffers.position), asc(intentionPolicyOffers.id))
      .limit(1);
    if (chosen) {
      throw new HttpError(
        409,
        'POLICY_OFFER_CHOSEN',
        `Leden kozen "${chosen.name}" al; je kan dat abonnement niet meer weghalen.`,
      );
    }
    await farm
      .delete(intentionPolicyOffers)
      .where(and(eq(intentionPolicyOffers.policyId, policyId), inArray(intentionPolicyOffers.id, removed)));
  }

  const renamed = offers.filter(
    (offer) => offer.id !== undefined && nameOf.get(offer.id)?.toLowerCase() !== offer.name.toLowerCase(),
  );
  if (renamed.length > 1) {
    await farm
      .update(intentionPolicyOffers)
      .set({ name: sql`' ' || ${intentionPolicyOffers.id}` })
      .where(
        and(
          eq(intentionPolicyOffers.policyId, policyId),
          inArray(
            intentionPolicyOffers.id,
            renamed.map((offer) => offer.id!),
          ),
        ),
      );
  }
  for (const [position, offer] of offers.entries()) {
    if (offer.id === undefined) continue;
    await farm
      .update(intentionPolicyOffers)
      .set(offerValues(offer, position))
      .where(and(eq(intentionPolicyOffers.policyId, policyId), eq(intentionPolicyOffers.id, offer.id)));
  }
  const added = [...offers.entries()].filter(([, offer]) => offer.id === undefined);
  if (added.length > 0) {
    await farm
      .insert(intentionPolicyOffers)
      .values(added.map(([position, offer]) => ({ appId, policyId, ...offerValues(offer, position) })));
  }
}
