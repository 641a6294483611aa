import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskRoutes, type TaskDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateTaskQueries, taskKeys } from './keys';

export function takeTask(taskId: number): Promise<TaskDetail> {
  return apiRequest(taskRoutes.take, { body: { taskId } });
}

export function cancelTask(taskId: number): Promise<TaskDetail> {
  return apiRequest(taskRoutes.cancel, { body: { taskId } });
}

/** Take a place on a chore; the detail shows the answer at once, every task list is refreshed. */
export function useTakeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeTask,
    onSuccess: (detail) => {
      queryClient.setQueryData(taskKeys.detail(detail.id), detail);
      return invalidateTaskQueries(queryClient);
    },
    // A refusal (full, closed, started) means the list was stale: refresh it too.
    onError: () => invalidateTaskQueries(queryClient),
  });
}

/** Withdraw my waiting assignment. */
export function useCancelTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTask,
    onSuccess: (detail) => {
      queryClient.setQueryData(taskKeys.detail(detail.id), detail);
      return invalidateTaskQueries(queryClient);
    },
    onError: () => invalidateTaskQueries(queryClient),
  });
}
