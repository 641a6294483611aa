import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  feedbackRoutes,
  type HandleFeedbackBody,
  type ManagedFeedback,
  type ManagedFeedbackPage,
  type ManagerFeedbackListQuery,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging } from '../../../lib/feed-pages';

export function getAppFeedback(query: ManagerFeedbackListQuery = {}): Promise<ManagedFeedbackPage> {
  return apiRequest(feedbackRoutes.managerList, { query: { ...query } });
}

/** `onlyOpen`: only feedback nobody handled yet (`?status=open`, the to-do list's link). */
export const appFeedbackQueryOptions = (onlyOpen = false) =>
  infiniteQueryOptions({
    queryKey: ['feedback', 'app', 'list', { onlyOpen }],
    queryFn: ({ pageParam }) => getAppFeedback({ ...pageParam, ...(onlyOpen ? { isHandled: false } : {}) }),
    ...feedPaging,
  });

/** All feedback of the app (managers): unhandled first, a page at a time ("Meer laden"). */
export function useAppFeedback(onlyOpen = false) {
  return useInfiniteQuery(appFeedbackQueryOptions(onlyOpen));
}

export const waitingFeedbackQueryOptions = () =>
  queryOptions({
    queryKey: ['feedback', 'app', 'waiting'],
    // One row is enough: the total is the count of unhandled feedback.
    queryFn: () => getAppFeedback({ isHandled: false, pageSize: 1 }),
    select: (page) => page.total,
  });

/** How many messages wait for a manager (the tile badge and the list's heading). */
export function useWaitingFeedbackCount() {
  return useQuery(waitingFeedbackQueryOptions());
}

export function handleFeedback(body: HandleFeedbackBody): Promise<ManagedFeedback> {
  return apiRequest(feedbackRoutes.handle, { body });
}

export function useHandleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
