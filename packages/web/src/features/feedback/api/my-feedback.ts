import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type CreateFeedbackBody, type Feedback } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getMyFeedback(): Promise<Feedback[]> {
  return apiRequest(api.feedback.list);
}

export const myFeedbackQueryOptions = () =>
  queryOptions({ queryKey: ['feedback', 'mine'], queryFn: getMyFeedback });

/** My feedback, newest first, with the farm's answers. */
export function useMyFeedback() {
  return useQuery(myFeedbackQueryOptions());
}

export function createFeedback(body: CreateFeedbackBody): Promise<Feedback> {
  return apiRequest(api.feedback.create, { body });
}

export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
