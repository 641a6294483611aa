import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackRoutes, type CreateFeedbackBody, type Feedback, type FeedbackPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

export function getMyFeedback(page: FeedPageParam = { page: 0 }): Promise<FeedbackPage> {
  return apiRequest(feedbackRoutes.list, { query: { ...page } });
}

export const myFeedbackQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['feedback', 'mine'],
    queryFn: ({ pageParam }) => getMyFeedback(pageParam),
    ...feedPaging,
  });

/** My feedback, newest first, with the farm's answers, a page at a time ("Meer laden"). */
export function useMyFeedback() {
  return useInfiniteQuery(myFeedbackQueryOptions());
}

export function createFeedback(body: CreateFeedbackBody): Promise<Feedback> {
  return apiRequest(feedbackRoutes.create, { body });
}

export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
