import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { translationRoutes, type TranslationPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { translationKeys, type TranslationFilters } from './keys';

export function getTranslations(
  filters: TranslationFilters,
  page: FeedPageParam = { page: 0 },
): Promise<TranslationPage> {
  return apiRequest(translationRoutes.list, {
    query: {
      search: filters.search || undefined,
      namespace: filters.namespace ?? undefined,
      overridden: filters.overridden ? 'true' : undefined,
      ...page,
    },
  });
}

/**
 * Every bundled text with the farm's own, filtered, a page at a time (`GET admin/translation`). Another
 * filter keeps the rows shown until its answer is in, so the list does not flash empty while typing.
 */
export function useTranslations(filters: TranslationFilters) {
  return useInfiniteQuery({
    queryKey: translationKeys.list(filters),
    queryFn: ({ pageParam }) => getTranslations(filters, pageParam),
    placeholderData: keepPreviousData,
    ...feedPaging,
  });
}
