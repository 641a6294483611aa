import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Conversion } from '@pluk/contract';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies, intentionQuestionnaires, userSubscriptions } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError } from '../../../lib/http-error.js';
import type { RequestAuth, Tenant } from '../../../types.js';
import { generatePaymentEmailsFor, paymentEmailFarm } from '../../bank/emails/generate.js';
import { bankActorOf } from '../../bank/transactions/actor.js';
import {
  insertTransactionsSkippingExisting,
  markOwing,
  type NewTransaction,
} from '../../bank/transactions/create.js';
import { farmToday } from '../../bank/transactions/dates.js';
import { subscriptionDescription } from '../../bank/transactions/membership-create.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { isPolicyEnded, lockPolicy, policyInApp } from '../policy-state.js';
import { chosenOffers, conversionPlan, offerResults } from './plan.js';
import { findOrCreateSubscription, type NextYearSubscription } from './subscriptions.js';

/** Rows per membership insert: three parameters a row. */
const insertChunk = 1000;

/**
 * `POST Management/intentsion-policy`: turns the round's answers into next year's subscriptions,
 * memberships and bank transactions, with their payment-needed e-mails stored for review — all in one
 * database transaction, so a failure anywhere leaves nothing behind. Only after the deadline (409
 * POLICY_NOT_ENDED before). The policy row is locked `for update` first: a second conversion at the same
 * moment waits, then finds every questionnaire converted and makes nothing; members' answers and edits
 * wait too. Memberships and transactions are inserted `on conflict do nothing` (one membership per member
 * and subscription; one open or paid transaction, the bank's index), so what a member already has (a
 * MembershipCreate by hand) is not made twice either. The answer counts what this run made.
 */
export async function convertPolicy(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  body: { policyId: number; dueDate: string },
  now: Date = new Date(),
): Promise<Conversion> {
  const appId = tenant.appId;
  const mailFarm = await paymentEmailFarm(app, tenant);
  return inTransaction(app.db, async (tx) => {
    const policy = await lockPolicy(tx, appId, body.policyId, 'update');
    if (!isPolicyEnded(policy, now)) throw new HttpError(409, 'POLICY_NOT_ENDED');
    const farm = tenantDb(tx, appId);
    const plan = await conversionPlan(tx, appId, policy);

    const subscriptionOf = new Map<number, NextYearSubscription>();
    let subscriptionsCreated = 0;
    for (const offer of chosenOffers(plan)) {
      const found = await findOrCreateSubscription(tx, appId, offer, policy.harvestYear);
      subscriptionOf.set(offer.id, found.subscription);
      if (found.created) subscriptionsCreated += 1;
    }
    const subscriptionIdOf = (offerId: number) => subscriptionOf.get(offerId)!.id;

    let membershipsCreated = 0;
    for (let start = 0; start < plan.lines.length; start += insertChunk) {
      const inserted = await farm
        .insert(userSubscriptions)
        .values(
          plan.lines.slice(start, start + insertChunk).map((line) => ({
            appId,
            userId: line.userId,
            subscriptionId: subscriptionIdOf(line.offer.id),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: userSubscriptions.id });
      membershipsCreated += inserted.length;
    }

    // By subscription and member, as the yearly run inserts: two runs meet in the same order.
    const inputs: (NewTransaction & { offerId: number })[] = plan.lines
      .filter((line) => line.amountCents > 0)
      .map((line) => {
        const subscription = subscriptionOf.get(line.offer.id)!;
        return {
          offerId: line.offer.id,
          userId: line.userId,
          payerName: line.payerName,
          subscriptionId: subscription.id,
          harvestYear: policy.harvestYear,
          amountCents: line.amountCents,
          description: subscriptionDescription(subscription.name, policy.harvestYear),
          dueDate: body.dueDate,
        };
      })
      .sort((a, b) => a.subscriptionId - b.subscriptionId || a.userId - b.userId);
    const created = await insertTransactionsSkippingExisting(
      tx,
      appId,
      inputs.map(({ offerId: _offerId, ...input }) => input),
      await bankActorOf(tx, appId, auth),
    );
    if (policy.harvestYear === (await currentHarvestYear(tx, appId, now)).year) {
      await markOwing(tx, appId, created);
    }
    const emails = await generatePaymentEmailsFor(
      tx,
      appId,
      { kind: 'needed', farm: mailFarm, actorUserId: auth.user.id, today: farmToday(now) },
      created.map((row) => row.id),
    );

    if (plan.questionnaireIds.length > 0) {
      await farm
        .update(intentionQuestionnaires)
        .set({ convertedAt: sql`now()` })
        .where(
          and(
            eq(intentionQuestionnaires.policyId, policy.id),
            inArray(intentionQuestionnaires.id, plan.questionnaireIds),
          ),
        );
    }
    await farm
      .update(intentionPolicies)
      .set({ convertedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(policyInApp(appId, policy.id), isNull(intentionPolicies.convertedAt)));

    const offerOfSubscription = new Map([...subscriptionOf].map(([offerId, s]) => [s.id, offerId]));
    const madeCents = new Map<number, number>();
    for (const row of created) {
      const offerId = offerOfSubscription.get(row.subscriptionId!)!;
      madeCents.set(offerId, (madeCents.get(offerId) ?? 0) + row.amountCents);
    }
    return {
      policyId: policy.id,
      harvestYear: policy.harvestYear,
      households: plan.questionnaireIds.length,
      subscriptionsCreated,
      membershipsCreated,
      transactionsCreated: created.length,
      totalCents: created.reduce((sum, row) => sum + row.amountCents, 0),
      paymentEmailsWaiting: emails.generated,
      offers: offerResults(
        plan,
        new Map([...subscriptionOf].map(([offerId, s]) => [offerId, s.id])),
        madeCents,
      ),
    };
  });
}
