import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getMembershipExplanation(): Promise<{ text: string }> {
  return apiRequest(api.info.membershipExplanation);
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
