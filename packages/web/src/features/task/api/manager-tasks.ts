import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  taskRoutes,
  type ManagerTaskPage,
  type ManagerTaskDetail,
  type TaskInput,
  type TaskUpdate,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { invalidateTaskQueries, taskKeys } from './keys';

/** `waiting`: only chores with a sign-up waiting for a TaskManager (the to-do list's link). */
export function getManagerTasks(
  page: FeedPageParam = { page: 0 },
  waiting = false,
): Promise<ManagerTaskPage> {
  return apiRequest(taskRoutes.managerList, { query: { ...page, ...(waiting ? { waiting: 'true' } : {}) } });
}

export function getManagerTask(id: number): Promise<ManagerTaskDetail> {
  return apiRequest(taskRoutes.managerDetail, { params: { id } });
}

export const managerTasksQueryOptions = (waiting = false) =>
  infiniteQueryOptions({
    queryKey: [...taskKeys.managerList, { waiting }],
    queryFn: ({ pageParam }) => getManagerTasks(pageParam, waiting),
    ...feedPaging,
  });

export const managerTaskQueryOptions = (id: number) =>
  queryOptions({ queryKey: taskKeys.managerDetail(id), queryFn: () => getManagerTask(id) });

/** The chores of the farm, a page at a time (`GET applicationManager/Task`). */
export function useManagerTasks(waiting = false) {
  return useInfiniteQuery(managerTasksQueryOptions(waiting));
}

/** One chore with its takers (`GET applicationManager/Task/{id}`). */
export function useManagerTask(id: number) {
  return useQuery(managerTaskQueryOptions(id));
}

/** A mutation answering a chore's new state: stored at once, then every task query refreshed. */
function useTaskMutation<V>(mutationFn: (variables: V) => Promise<ManagerTaskDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (task) => {
      queryClient.setQueryData(taskKeys.managerDetail(task.id), task);
      return invalidateTaskQueries(queryClient);
    },
  });
}

export const useCreateTask = () =>
  useTaskMutation((input: TaskInput) => apiRequest(taskRoutes.create, { body: input }));

export const useUpdateTask = () =>
  useTaskMutation((input: TaskUpdate) => apiRequest(taskRoutes.update, { body: input }));

export const useCloseTask = () =>
  useTaskMutation((id: number) => apiRequest(taskRoutes.close, { params: { id } }));

export const useCopyTask = () =>
  useTaskMutation((id: number) => apiRequest(taskRoutes.copy, { params: { id } }));

export const useConfirmAssignment = () =>
  useTaskMutation((assignmentId: number) => apiRequest(taskRoutes.confirm, { body: { assignmentId } }));

export const useRefuseAssignment = () =>
  useTaskMutation((assignmentId: number) => apiRequest(taskRoutes.refuse, { body: { assignmentId } }));

/** Deletes a chore; its queries are dropped, the lists refreshed. */
export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(taskRoutes.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: taskKeys.managerDetail(id) });
      queryClient.removeQueries({ queryKey: taskKeys.detail(id) });
      return invalidateTaskQueries(queryClient);
    },
  });
}
