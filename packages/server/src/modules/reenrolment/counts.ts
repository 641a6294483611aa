import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PolicyCounts } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { intentionPolicyOffers, intentionQuestionnaires } from '../../db/schema/index.js';

type Db = Database | Transaction;
export type OfferRow = typeof intentionPolicyOffers.$inferSelect;

export const emptyCounts: PolicyCounts = {
  questionnaires: 0,
  open: 0,
  submitted: 0,
  continuing: 0,
  stopping: 0,
};

const counted = (condition: ReturnType<typeof sql>) =>
  sql<number>`(count(*) filter (where ${condition}))::int`;

/** How far each round is: questionnaires given, not answered, answered, continuing, stopping. */
export async function policyCounts(
  db: Db,
  appId: string,
  policyIds: readonly number[],
): Promise<Map<number, PolicyCounts>> {
  const result = new Map<number, PolicyCounts>();
  if (policyIds.length === 0) return result;
  const q = intentionQuestionnaires;
  const rows = await tenantDb(db, appId)
    .select({
      policyId: q.policyId,
      questionnaires: sql<number>`count(*)::int`,
      open: counted(sql`${q.status} = 'open'`),
      submitted: counted(sql`${q.status} = 'submitted'`),
      continuing: counted(sql`${q.choice} = 'continue'`),
      stopping: counted(sql`${q.choice} = 'stop'`),
    })
    .from(q)
    .where(and(eq(q.appId, appId), inArray(q.policyId, [...new Set(policyIds)])))
    .groupBy(q.policyId);
  for (const { policyId, ...row } of rows) {
    result.set(policyId, {
      questionnaires: Number(row.questionnaires),
      open: Number(row.open),
      submitted: Number(row.submitted),
      continuing: Number(row.continuing),
      stopping: Number(row.stopping),
    });
  }
  return result;
}

/** The number of offers of each policy (the list shows it). */
export async function offerCounts(
  db: Db,
  appId: string,
  policyIds: readonly number[],
): Promise<Map<number, number>> {
  if (policyIds.length === 0) return new Map();
  const rows = await tenantDb(db, appId)
    .select({ policyId: intentionPolicyOffers.policyId, offers: count() })
    .from(intentionPolicyOffers)
    .where(
      and(
        eq(intentionPolicyOffers.appId, appId),
        inArray(intentionPolicyOffers.policyId, [...new Set(policyIds)]),
      ),
    )
    .groupBy(intentionPolicyOffers.policyId);
  return new Map(rows.map((row) => [row.policyId, Number(row.offers)]));
}

/** A policy's offers in the manager's order. */
export async function offersOf(db: Db, appId: string, policyId: number): Promise<OfferRow[]> {
  return tenantDb(db, appId)
    .select()
    .from(intentionPolicyOffers)
    .where(and(eq(intentionPolicyOffers.appId, appId), eq(intentionPolicyOffers.policyId, policyId)))
    .orderBy(asc(intentionPolicyOffers.position), asc(intentionPolicyOffers.id));
}
