import { and, eq, ne } from 'drizzle-orm';
import type { policyInputSchema } from '@pluk/contract';
import type { z } from 'zod';
import type { Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { intentionPolicies } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { HttpError } from '../../../lib/http-error.js';
import { sanitizeRichText } from '../../../lib/rich-text.js';

export type PolicyInput = z.output<typeof policyInputSchema>;

/** A round is for a harvest year after the current one: that is the year members re-enrol for. */
export function assertLaterHarvestYear(harvestYear: number, currentYear: number): void {
  if (harvestYear > currentYear) return;
  const message = `Kies een oogstjaar na het huidige oogstjaar (${currentYear}).`;
  throw new HttpError(400, 'VALIDATION_ERROR', message, { harvestYear: message });
}

export const policyYearTaken = () => new HttpError(409, 'POLICY_YEAR_TAKEN');

/** One policy per farm and harvest year: the unique index's violation, caught where a race reaches it. */
export const isPolicyYearTaken = (err: unknown) => isUniqueViolation(err, 'intention_policies_app_year');

/** 409 POLICY_YEAR_TAKEN when another policy of the farm has this harvest year (checked first, for the message). */
export async function assertYearFree(
  tx: Transaction,
  appId: string,
  harvestYear: number,
  exceptId: number | null,
): Promise<void> {
  const [other] = await tenantDb(tx, appId)
    .select({ id: intentionPolicies.id })
    .from(intentionPolicies)
    .where(
      and(
        eq(intentionPolicies.harvestYear, harvestYear),
        exceptId === null ? undefined : ne(intentionPolicies.id, exceptId),
      ),
    );
  if (other) throw policyYearTaken();
}

/** The policy's own columns as stored: the explanation keeps only the formatting a post keeps. */
export function policyValues(input: PolicyInput) {
  return {
    harvestYear: input.harvestYear,
    title: input.title,
    explanation: sanitizeRichText(input.explanation),
    deadline: input.deadline,
  };
}
