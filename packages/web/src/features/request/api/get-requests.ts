import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { requestRoutes, type MyRequests, type RequestDetail, type RequestPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { requestKeys } from './keys';

export function getRequests(search: string, page: FeedPageParam = { page: 0 }): Promise<RequestPage> {
  return apiRequest(requestRoutes.list, { query: { ...(search ? { search } : {}), ...page } });
}

export function getRequest(id: number): Promise<RequestDetail> {
  return apiRequest(requestRoutes.detail, { params: { id } });
}

export function getMyRequests(): Promise<MyRequests> {
  return apiRequest(requestRoutes.mine);
}

export const requestsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: requestKeys.list(search),
    queryFn: ({ pageParam }) => getRequests(search, pageParam),
    ...feedPaging,
  });

export const requestQueryOptions = (id: number) =>
  queryOptions({ queryKey: requestKeys.detail(id), queryFn: () => getRequest(id) });

/** Open and taken requests, newest first, a page at a time (`GET request`), with a search in the title. */
export function useRequests(search: string) {
  return useInfiniteQuery(requestsQueryOptions(search));
}

/** One request (`GET request/{id}`). */
export function useRequest(id: number) {
  return useQuery(requestQueryOptions(id));
}

/** What I asked and what I took (`GET user/requests`). */
export function useMyRequests() {
  return useQuery(queryOptions({ queryKey: requestKeys.mine, queryFn: getMyRequests }));
}
