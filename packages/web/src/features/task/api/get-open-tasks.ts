import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type TaskSummary } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { taskKeys } from './keys';

export function getOpenTasks(): Promise<TaskSummary[]> {
  return apiRequest(api.task.openList);
}

export const openTasksQueryOptions = () => queryOptions({ queryKey: taskKeys.open, queryFn: getOpenTasks });

/** The open chores of /tasks (`GET Task/true`). */
export function useOpenTasks() {
  return useQuery(openTasksQueryOptions());
}
