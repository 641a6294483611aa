import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  api,
  type EventList,
  type OfferPage,
  type PagedTasks,
  type PostList,
  type RequestPage,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** The home's queries, exactly as product-spec §7 and §9 give them. */
export const homeTasksQuery = { isCompleted: false, pageSize: 6, page: 0, hasEnded: false } as const;
/** Offers and requests ask the same as the chores (product-spec §7 Product, Request). */
export const homeOffersQuery = homeTasksQuery;
export const homeRequestsQuery = homeTasksQuery;
export const latestPostQuery = { pageSize: 1, page: 0 } as const;
export const nextEventQuery = {
  pageSize: 1,
  page: 0,
  hasEnded: false,
  sortBy: 'startDate',
  sortDirection: 'asc',
} as const;

export function getHomeTasks(): Promise<PagedTasks> {
  return apiRequest(api.task.homeList, { query: homeTasksQuery });
}

export function getHomeOffers(): Promise<OfferPage> {
  return apiRequest(api.market.list, { query: homeOffersQuery });
}

export function getHomeRequests(): Promise<RequestPage> {
  return apiRequest(api.request.list, { query: homeRequestsQuery });
}

export function getLatestPost(): Promise<PostList> {
  return apiRequest(api.post.list, { query: latestPostQuery });
}

export function getNextEvent(): Promise<EventList> {
  return apiRequest(api.event.list, { query: nextEventQuery });
}

/** Open chores: not completed, not ended, six at most. */
export function useHomeTasks() {
  return useQuery(queryOptions({ queryKey: ['tasks', 'home'], queryFn: getHomeTasks }));
}

/** Active offers of the market: not closed or sold out, not ended, six at most. */
export function useHomeOffers() {
  return useQuery(queryOptions({ queryKey: ['market', 'home'], queryFn: getHomeOffers }));
}

/** Open and taken requests whose date has not passed, six at most. */
export function useHomeRequests() {
  return useQuery(queryOptions({ queryKey: ['requests', 'home'], queryFn: getHomeRequests }));
}

export function useLatestPost() {
  return useQuery(queryOptions({ queryKey: ['posts', 'latest'], queryFn: getLatestPost }));
}

export function useNextEvent() {
  return useQuery(queryOptions({ queryKey: ['events', 'next'], queryFn: getNextEvent }));
}
