import { and, asc, eq, notExists } from 'drizzle-orm';
import {
  householdPriceCents,
  type YearlyTransactionsPreview,
  yearlyTransactionsResultSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { subscriptions, userSubscriptions, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import type { RequestAuth } from '../../../types.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { householdCounts } from '../../subscription/service.js';
import { bankActorOf } from './actor.js';
import { insertTransactionsSkippingExisting, markOwing, type NewTransaction } from './create.js';
import { liveTransactionOfSubscriber } from './live.js';
import { subscriptionDescription } from './membership-create.js';

type YearlyResult = z.infer<typeof yearlyTransactionsResultSchema>;

interface Candidate {
  userId: number;
  payerName: string;
  subscriptionId: number;
  subscriptionName: string;
  amountCents: number;
}

/**
 * What the yearly run makes: one transaction per household's subscription of the harvest year
 * (`user_subscriptions` rows) whose member is approved and active and has no open or paid transaction
 * for it, at the household's price; a price of 0 makes nothing. In subscription and member order, so two
 * runs at once insert in the same order and the second waits on the first instead of deadlocking.
 */
async function candidates(
  db: Database | Transaction,
  appId: string,
  harvestYear: number,
): Promise<Candidate[]> {
  const farm = tenantDb(db, appId);
  const rows = await farm
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      subscriptionId: subscriptions.id,
      subscriptionName: subscriptions.name,
      adultPriceCents: subscriptions.adultPriceCents,
      childPriceCents: subscriptions.childPriceCents,
    })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(
      and(
        eq(userSubscriptions.appId, appId),
        eq(subscriptions.harvestYear, harvestYear),
        eq(users.isApproved, true),
        eq(users.isActive, true),
        notExists(liveTransactionOfSubscriber(farm)),
      ),
    )
    .orderBy(asc(subscriptions.id), asc(users.id));
  const counts = await householdCounts(
    db,
    appId,
    rows.map((row) => row.userId),
  );
  return rows
    .map((row) => ({
      userId: row.userId,
      payerName: `${row.firstName} ${row.lastName}`.trim(),
      subscriptionId: row.subscriptionId,
      subscriptionName: row.subscriptionName,
      amountCents: householdPriceCents(row, counts.get(row.userId) ?? { adults: 1, children: 0 }),
    }))
    .filter((candidate) => candidate.amountCents > 0);
}

/** Count and total of what a run would make now, per subscription (by name). */
export async function yearlyPreview(
  db: Database,
  appId: string,
  harvestYear: number,
): Promise<YearlyTransactionsPreview> {
  const found = await candidates(db, appId, harvestYear);
  const perSubscription = new Map<number, YearlyTransactionsPreview['subscriptions'][number]>();
  for (const candidate of found) {
    const entry = perSubscription.get(candidate.subscriptionId) ?? {
      subscriptionId: candidate.subscriptionId,
      name: candidate.subscriptionName,
      count: 0,
      totalCents: 0,
    };
    entry.count += 1;
    entry.totalCents += candidate.amountCents;
    perSubscription.set(candidate.subscriptionId, entry);
  }
  return {
    harvestYear,
    count: found.length,
    totalCents: found.reduce((sum, candidate) => sum + candidate.amountCents, 0),
    subscriptions: [...perSubscription.values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'nl') || a.subscriptionId - b.subscriptionId,
    ),
  };
}

/**
 * Creates them in one database transaction, all due on `dueDate`. Running it again creates nothing
 * twice; two runs at once neither (the unique index, `insertTransactionsSkippingExisting`). Members
 * who now owe for the current harvest year have not paid it (`markOwing`).
 */
export async function createYearlyTransactions(
  db: Database,
  appId: string,
  auth: RequestAuth,
  body: { harvestYear: number; dueDate: string },
): Promise<YearlyResult> {
  const current = (await currentHarvestYear(db, appId)).year;
  return inTransaction(db, async (tx) => {
    const found = await candidates(tx, appId, body.harvestYear);
    const inputs: NewTransaction[] = found.map((candidate) => ({
      userId: candidate.userId,
      payerName: candidate.payerName,
      subscriptionId: candidate.subscriptionId,
      harvestYear: body.harvestYear,
      amountCents: candidate.amountCents,
      description: subscriptionDescription(candidate.subscriptionName, body.harvestYear),
      dueDate: body.dueDate,
    }));
    const created = await insertTransactionsSkippingExisting(
      tx,
      appId,
      inputs,
      await bankActorOf(tx, appId, auth),
    );
    if (body.harvestYear === current) await markOwing(tx, appId, created);
    return {
      harvestYear: body.harvestYear,
      created: created.length,
      totalCents: created.reduce((sum, row) => sum + row.amountCents, 0),
    };
  });
}
