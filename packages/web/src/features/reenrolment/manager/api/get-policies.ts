import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { reenrolmentLimits, reenrolmentRoutes, type PolicyPage, type PolicySummary } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../../lib/feed-pages';
import { reenrolmentManagerKeys } from './keys';

export function getPolicies(page: FeedPageParam = { page: 0 }, pageSize?: number): Promise<PolicyPage> {
  return apiRequest(reenrolmentRoutes.policies, { query: { ...page, pageSize } });
}

/** The farm's rounds with their counts, newest harvest year first, a page at a time. */
export function usePolicies() {
  return useInfiniteQuery({
    queryKey: reenrolmentManagerKeys.policies,
    queryFn: ({ pageParam }) => getPolicies(pageParam),
    ...feedPaging,
  });
}

/** A round still open for questionnaires: its deadline not passed, not converted. */
export const isOpenPolicy = (policy: PolicySummary) => !policy.isEnded && policy.convertedAt === null;

/**
 * The rounds questionnaires can be given for. One round per harvest year, so the largest page holds
 * every round that can still be open (they are the newest years, which come first).
 */
export const openPoliciesQueryOptions = () =>
  queryOptions({
    queryKey: reenrolmentManagerKeys.openPolicies,
    queryFn: () => getPolicies({ page: 0 }, reenrolmentLimits.policiesPageSizeMax),
    select: (page) => page.items.filter(isOpenPolicy),
  });

export function useOpenPolicies() {
  return useQuery(openPoliciesQueryOptions());
}
