import { queryOptions, useQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type PolicySummaryTotals } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { reenrolmentManagerKeys } from './keys';

export function getPolicySummary(id: number): Promise<PolicySummaryTotals> {
  return apiRequest(reenrolmentRoutes.summary, { params: { id } });
}

export const policySummaryQueryOptions = (id: number) =>
  queryOptions({ queryKey: reenrolmentManagerKeys.summary(id), queryFn: () => getPolicySummary(id) });

/** The counts and, per offer, households, people and money (`GET …/IntentionPolicy/{id}/summary`). */
export function usePolicySummary(id: number) {
  return useQuery(policySummaryQueryOptions(id));
}
