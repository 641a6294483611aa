import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { intentionPolicies } from '../../db/schema/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { farmToday } from '../bank/transactions/dates.js';

export type PolicyRow = typeof intentionPolicies.$inferSelect;

export const policyInApp = (appId: string, id: number) =>
  and(eq(intentionPolicies.appId, appId), eq(intentionPolicies.id, id));

/**
 * The deadline is a day on the farm's calendar and answers are allowed through that day: the round has
 * ended once the farm's today (Europe/Brussels) is after it. Both are YYYY-MM-DD, so they compare as text.
 */
export function isPolicyEnded(policy: Pick<PolicyRow, 'deadline'>, now: Date = new Date()): boolean {
  return farmToday(now) > policy.deadline;
}

/** The farm's policy, or 404 (another farm's id is unknown here). */
export async function findPolicy(db: Database | Transaction, appId: string, id: number): Promise<PolicyRow> {
  const [row] = await tenantDb(db, appId).select().from(intentionPolicies).where(policyInApp(appId, id));
  if (!row) throw notFound();
  return row;
}

/**
 * The farm's policy with its row locked for the rest of the transaction, or 404. A change of the policy
 * and the conversion take it `update`; what only must not run beside them (a member's answer, giving
 * questionnaires, reminders) takes it `share`, so those wait for a conversion or edit and never for each
 * other.
 */
export async function lockPolicy(
  tx: Transaction,
  appId: string,
  id: number,
  strength: 'update' | 'share',
): Promise<PolicyRow> {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(intentionPolicies)
    .where(policyInApp(appId, id))
    .for(strength);
  if (!row) throw notFound();
  return row;
}

export const policyConverted = () => new HttpError(409, 'POLICY_CONVERTED');
export const policyEnded = () => new HttpError(409, 'POLICY_ENDED');

/** A converted policy no longer changes (409 POLICY_CONVERTED). */
export function assertNotConverted(policy: PolicyRow): void {
  if (policy.convertedAt !== null) throw policyConverted();
}

/** Questionnaires and reminders are for a round still open: not converted, deadline not passed. */
export function assertOpenForAnswers(policy: PolicyRow, now: Date): void {
  assertNotConverted(policy);
  if (isPolicyEnded(policy, now)) throw policyEnded();
}
