import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the task feature; every list and detail starts with 'tasks'. */
export const taskKeys = {
  all: ['tasks'] as const,
  open: ['tasks', 'open'] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  mine: ['tasks', 'mine'] as const,
  managerList: ['tasks', 'manager', 'list'] as const,
  managerDetail: (id: number) => ['tasks', 'manager', 'detail', id] as const,
};

/**
 * After any change to a task or an assignment: every task query (lists, details, mine, the home's
 * list) and what a confirm or refuse changes elsewhere (credits, notifications).
 */
export function invalidateTaskQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['credits'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}
