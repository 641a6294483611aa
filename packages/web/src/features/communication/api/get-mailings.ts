import { useInfiniteQuery } from '@tanstack/react-query';
import { communicationRoutes, type MailingPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { communicationKeys, pollMs } from './keys';

export function getMailings(page: FeedPageParam = { page: 0 }): Promise<MailingPage> {
  return apiRequest(communicationRoutes.mailings, { query: { ...page } });
}

/** The mailings, newest first, a page at a time; asked again while e-mails of one still wait. */
export function useMailings() {
  return useInfiniteQuery({
    queryKey: communicationKeys.mailings,
    queryFn: ({ pageParam }) => getMailings(pageParam),
    ...feedPaging,
    refetchInterval: (query) =>
      (query.state.data?.pages ?? []).some((page) => page.items.some((m) => m.waiting > 0)) ? pollMs : false,
  });
}
