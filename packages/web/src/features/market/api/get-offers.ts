import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { marketRoutes, type OfferListQuery, type OfferPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { marketKeys } from './keys';

/** One page of active offers (`GET product`); the home block asks `{ isCompleted: false, … }`. */
export function getOffers(query: OfferListQuery = {}, page: FeedPageParam = { page: 0 }): Promise<OfferPage> {
  return apiRequest(marketRoutes.list, {
    query: {
      isCompleted: query.isCompleted,
      hasEnded: query.hasEnded,
      search: query.search || undefined,
      price: query.price && query.price !== 'all' ? query.price : undefined,
      pageSize: query.pageSize as number | undefined,
      ...page,
    },
  });
}

export const offersQueryOptions = (query: OfferListQuery = {}) =>
  infiniteQueryOptions({
    queryKey: marketKeys.list(query),
    queryFn: ({ pageParam }) => getOffers(query, pageParam),
    ...feedPaging,
  });

/** Active offers, newest first, a page at a time ("Meer laden"); search and price filter in `query`. */
export function useOffers(query: OfferListQuery = {}) {
  return useInfiniteQuery(offersQueryOptions(query));
}
