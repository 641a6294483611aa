import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskRoutes, type MyTask } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { taskKeys } from './keys';

export function getMyTasks(): Promise<MyTask[]> {
  return apiRequest(taskRoutes.myTasks);
}

export const myTasksQueryOptions = () => queryOptions({ queryKey: taskKeys.mine, queryFn: getMyTasks });

/** My assignments (`GET user/tasks`). */
export function useMyTasks() {
  return useQuery(myTasksQueryOptions());
}
