import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type EventList, type PagedTasks, type PostList } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** The home's queries, exactly as product-spec §7 and §9 give them. */
export const homeTasksQuery = { isCompleted: false, pageSize: 6, page: 0, hasEnded: false } as const;
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

export function useLatestPost() {
  return useQuery(queryOptions({ queryKey: ['posts', 'latest'], queryFn: getLatestPost }));
}

export function useNextEvent() {
  return useQuery(queryOptions({ queryKey: ['events', 'next'], queryFn: getNextEvent }));
}
