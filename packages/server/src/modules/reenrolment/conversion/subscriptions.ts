import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicyOffers, subscriptions } from '../../../db/schema/index.js';
import type { OfferRow } from '../counts.js';

export interface NextYearSubscription {
  id: number;
  name: string;
}

/**
 * The subscription an offer becomes: the one it was linked to by an earlier run, else next year's
 * subscription of the same name (case-insensitive, as the unique index `subscriptions_app_year_name`
 * compares names), or null when there is none yet.
 */
export async function subscriptionForOffer(
  db: Database | Transaction,
  appId: string,
  offer: OfferRow,
  harvestYear: number,
): Promise<NextYearSubscription | null> {
  const farm = tenantDb(db, appId);
  const columns = { id: subscriptions.id, name: subscriptions.name };
  if (offer.subscriptionId !== null) {
    const [linked] = await farm
      .select(columns)
      .from(subscriptions)
      .where(eq(subscriptions.id, offer.subscriptionId));
    if (linked) return linked;
  }
  const [named] = await farm
    .select(columns)
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.harvestYear, harvestYear),
        eq(sql`lower(${subscriptions.name})`, offer.name.toLowerCase()),
      ),
    );
  return named ?? null;
}

/**
 * Finds or makes next year's subscription of an offer and links the offer to it. A made one is active,
 * not open for registration (the members came through the round) and has the offer's prices and
 * credits; a found one keeps its own. `on conflict do nothing` takes one a manager made at the same
 * moment. Answers the subscription and whether it was made now.
 */
export async function findOrCreateSubscription(
  tx: Transaction,
  appId: string,
  offer: OfferRow,
  harvestYear: number,
): Promise<{ subscription: NextYearSubscription; created: boolean }> {
  const farm = tenantDb(tx, appId);
  let subscription = await subscriptionForOffer(tx, appId, offer, harvestYear);
  let created = false;
  if (!subscription) {
    const [made] = await farm
      .insert(subscriptions)
      .values({
        appId,
        name: offer.name,
        description: offer.description,
        harvestYear,
        adultPriceCents: offer.adultPriceCents,
        childPriceCents: offer.childPriceCents,
        requiredCredits: offer.requiredCredits,
        isActive: true,
        isOpenForRegistration: false,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptions.id, name: subscriptions.name });
    created = made !== undefined;
    subscription = made ?? (await subscriptionForOffer(tx, appId, offer, harvestYear));
    if (!subscription) throw new Error(`no subscription for offer ${offer.id} after insert`);
  }
  if (offer.subscriptionId !== subscription.id) {
    await farm
      .update(intentionPolicyOffers)
      .set({ subscriptionId: subscription.id })
      .where(eq(intentionPolicyOffers.id, offer.id));
  }
  return { subscription, created };
}
