import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type PolicyAnswerPage } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../../lib/feed-pages';
import { reenrolmentManagerKeys, type AnswerFilters } from './keys';

export function getPolicyAnswers(
  id: number,
  filters: AnswerFilters,
  page: FeedPageParam = { page: 0 },
): Promise<PolicyAnswerPage> {
  return apiRequest(reenrolmentRoutes.answers, {
    params: { id },
    query: {
      status: filters.status ?? undefined,
      offerId: filters.offerId ?? undefined,
      search: filters.search || undefined,
      ...page,
    },
  });
}

/**
 * The round's questionnaires, filtered, a page at a time
 * (`GET applicationManager/IntentionPolicy/{id}/answers`). Another filter keeps the rows shown until
 * its answer is in, so the list does not flash empty while the manager types.
 */
export function usePolicyAnswers(id: number, filters: AnswerFilters) {
  return useInfiniteQuery({
    queryKey: reenrolmentManagerKeys.answers(id, filters),
    queryFn: ({ pageParam }) => getPolicyAnswers(id, filters, pageParam),
    placeholderData: keepPreviousData,
    ...feedPaging,
  });
}
