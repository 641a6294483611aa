import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Conversion } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, userSubscriptions, users } from '../../../db/schema/index.js';
import { findPolicy } from '../policy-state.js';
import { chosenOffers, conversionPlan, offerResults } from './plan.js';
import { subscriptionForOffer } from './subscriptions.js';

const pairKey = (userId: number, subscriptionId: number) => `${userId}:${subscriptionId}`;

/**
 * What converting would make now, computed as the conversion computes it and written nowhere: the
 * subscriptions it would create, the memberships and transactions members do not have yet, their money
 * and the payment-needed e-mails (members with an e-mail address). Any time, also before the deadline.
 */
export async function conversionPreview(db: Database, appId: string, policyId: number): Promise<Conversion> {
  const policy = await findPolicy(db, appId, policyId);
  const plan = await conversionPlan(db, appId, policy);
  const farm = tenantDb(db, appId);
  const subscriptionOf = new Map<number, number | null>();
  for (const offer of chosenOffers(plan)) {
    subscriptionOf.set(
      offer.id,
      (await subscriptionForOffer(db, appId, offer, policy.harvestYear))?.id ?? null,
    );
  }
  const existing = [...new Set([...subscriptionOf.values()].filter((id): id is number => id !== null))];
  const userIds = [...new Set(plan.lines.map((line) => line.userId))];
  const [memberships, live, emails] =
    userIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          existing.length === 0
            ? []
            : farm
                .select({
                  userId: userSubscriptions.userId,
                  subscriptionId: userSubscriptions.subscriptionId,
                })
                .from(userSubscriptions)
                .where(
                  and(
                    inArray(userSubscriptions.subscriptionId, existing),
                    inArray(userSubscriptions.userId, userIds),
                  ),
                ),
          existing.length === 0
            ? []
            : farm
                .select({ userId: bankTransactions.userId, subscriptionId: bankTransactions.subscriptionId })
                .from(bankTransactions)
                .where(
                  and(
                    inArray(bankTransactions.subscriptionId, existing),
                    inArray(bankTransactions.userId, userIds),
                    ne(bankTransactions.status, 'cancelled'),
                  ),
                ),
          farm
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(and(eq(users.appId, appId), inArray(users.id, userIds))),
        ]);
  const isMember = new Set(memberships.map((row) => pairKey(row.userId, row.subscriptionId)));
  const hasTransaction = new Set(live.map((row) => pairKey(row.userId!, row.subscriptionId!)));
  const mailable = new Set(emails.filter((row) => row.email.trim() !== '').map((row) => row.id));

  let membershipsCreated = 0;
  let transactionsCreated = 0;
  let paymentEmailsWaiting = 0;
  const madeCents = new Map<number, number>();
  for (const line of plan.lines) {
    const subscriptionId = subscriptionOf.get(line.offer.id) ?? null;
    const pair = subscriptionId === null ? null : pairKey(line.userId, subscriptionId);
    if (pair === null || !isMember.has(pair)) membershipsCreated += 1;
    if (line.amountCents === 0 || (pair !== null && hasTransaction.has(pair))) continue;
    transactionsCreated += 1;
    if (mailable.has(line.userId)) paymentEmailsWaiting += 1;
    madeCents.set(line.offer.id, (madeCents.get(line.offer.id) ?? 0) + line.amountCents);
  }
  return {
    policyId: policy.id,
    harvestYear: policy.harvestYear,
    households: plan.questionnaireIds.length,
    subscriptionsCreated: [...subscriptionOf.values()].filter((id) => id === null).length,
    membershipsCreated,
    transactionsCreated,
    totalCents: [...madeCents.values()].reduce((sum, cents) => sum + cents, 0),
    paymentEmailsWaiting,
    offers: offerResults(plan, subscriptionOf, madeCents),
  };
}
