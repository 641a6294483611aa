import { queryOptions, useQuery } from '@tanstack/react-query';
import { infoRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getMembershipExplanation(): Promise<{ text: string }> {
  return apiRequest(infoRoutes.membershipExplanation);
}

export const membershipExplanationQueryOptions = () =>
  queryOptions({
    queryKey: ['info', 'membershipExplanation'],
    queryFn: getMembershipExplanation,
    staleTime: 5 * 60_000,
  });

export function useMembershipExplanation() {
  return useQuery(membershipExplanationQueryOptions());
}
