import type { Policy, PolicyCounts, PolicySummary } from '@pluk/contract';
import type { OfferRow } from '../counts.js';
import { isoOrNull, presentOffer } from '../presenter.js';
import { isPolicyEnded, type PolicyRow } from '../policy-state.js';

function core(row: PolicyRow, counts: PolicyCounts, now: Date) {
  return {
    id: row.id,
    harvestYear: row.harvestYear,
    title: row.title,
    deadline: row.deadline,
    isEnded: isPolicyEnded(row, now),
    convertedAt: isoOrNull(row.convertedAt),
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A policy in the manager's list. */
export function presentPolicySummary(
  row: PolicyRow,
  counts: PolicyCounts,
  offerCount: number,
  now: Date,
): PolicySummary {
  return { ...core(row, counts, now), offerCount };
}

/** A policy in full, with its offers in the manager's order. */
export function presentPolicy(
  row: PolicyRow,
  counts: PolicyCounts,
  offers: readonly OfferRow[],
  now: Date,
): Policy {
  return { ...core(row, counts, now), explanation: row.explanation, offers: offers.map(presentOffer) };
}
