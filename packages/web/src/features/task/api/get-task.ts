import { queryOptions, useQuery } from '@tanstack/react-query';
import { taskRoutes, type TaskDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { taskKeys } from './keys';

export function getTask(id: number): Promise<TaskDetail> {
  return apiRequest(taskRoutes.detail, { params: { id } });
}

export const taskQueryOptions = (id: number) =>
  queryOptions({ queryKey: taskKeys.detail(id), queryFn: () => getTask(id) });

/** One chore for a member, with my assignment and who helps. */
export function useTask(id: number) {
  return useQuery(taskQueryOptions(id));
}
