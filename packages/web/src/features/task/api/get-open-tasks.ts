import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { taskRoutes, type PagedTasks } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { taskKeys } from './keys';

export function getOpenTasks(page: FeedPageParam = { page: 0 }): Promise<PagedTasks> {
  return apiRequest(taskRoutes.openList, { query: { ...page } });
}

export const openTasksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: taskKeys.open,
    queryFn: ({ pageParam }) => getOpenTasks(pageParam),
    ...feedPaging,
  });

/** The open chores of /tasks (`GET Task/true`), a page at a time. */
export function useOpenTasks() {
  return useInfiniteQuery(openTasksQueryOptions());
}
