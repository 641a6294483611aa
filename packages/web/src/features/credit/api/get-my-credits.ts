import { queryOptions, useQuery } from '@tanstack/react-query';
import { creditRoutes, type MyCredits } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getMyCredits(): Promise<MyCredits> {
  return apiRequest(creditRoutes.myCredits);
}

export const myCreditsQueryOptions = () =>
  queryOptions({ queryKey: ['credits', 'mine'] as const, queryFn: getMyCredits });

/** My credits of this harvest year (`GET user/credits`). */
export function useMyCredits() {
  return useQuery(myCreditsQueryOptions());
}
