import { useQuery } from '@tanstack/react-query';
import { taskRoutes, marketRoutes, requestRoutes, postRoutes, eventRoutes } from '@pluk/contract';
import { screenQueryOptions } from '../../../lib/screen-query';

/** The home's queries, exactly as docs/product/api-and-routes.md, "Home" gives them. */
export const homeTasksQuery = { isCompleted: false, pageSize: 6, page: 0, hasEnded: false } as const;
/** Offers and requests ask the same as the chores (docs/product/api-and-routes.md, "Home"). */
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

/** Open chores: not completed, not ended, six at most. */
export function useHomeTasks() {
  return useQuery(screenQueryOptions(['tasks', 'home'], taskRoutes.homeList, { query: homeTasksQuery }));
}

/** Active offers of the market: not closed or sold out, not ended, six at most. */
export function useHomeOffers() {
  return useQuery(screenQueryOptions(['market', 'home'], marketRoutes.list, { query: homeOffersQuery }));
}

/** Open and taken requests whose date has not passed, six at most. */
export function useHomeRequests() {
  return useQuery(screenQueryOptions(['requests', 'home'], requestRoutes.list, { query: homeRequestsQuery }));
}

export function useLatestPost() {
  return useQuery(screenQueryOptions(['posts', 'latest'], postRoutes.list, { query: latestPostQuery }));
}

export function useNextEvent() {
  return useQuery(screenQueryOptions(['events', 'next'], eventRoutes.list, { query: nextEventQuery }));
}
