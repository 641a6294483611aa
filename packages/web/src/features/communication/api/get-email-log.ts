import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { communicationRoutes, type EmailLogPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { communicationKeys, type EmailLogFilters } from './keys';

export function getEmailLog(
  filters: EmailLogFilters,
  page: FeedPageParam = { page: 0 },
): Promise<EmailLogPage> {
  return apiRequest(communicationRoutes.emailLog, {
    query: { status: filters.status ?? undefined, search: filters.search || undefined, ...page },
  });
}

/** Every e-mail the farm sent, filtered, a page at a time (`GET …/communication/emailLog`). */
export function useEmailLog(filters: EmailLogFilters, enabled = true) {
  return useInfiniteQuery({
    queryKey: communicationKeys.emailLog(filters),
    queryFn: ({ pageParam }) => getEmailLog(filters, pageParam),
    placeholderData: keepPreviousData,
    enabled,
    ...feedPaging,
  });
}
