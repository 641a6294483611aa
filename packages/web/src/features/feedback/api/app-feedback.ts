import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type HandleFeedbackBody, type ManagedFeedback } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getAppFeedback(): Promise<ManagedFeedback[]> {
  return apiRequest(api.feedback.managerList);
}

export const appFeedbackQueryOptions = () =>
  queryOptions({ queryKey: ['feedback', 'app'], queryFn: getAppFeedback });

/** All feedback of the app (managers): unhandled first. */
export function useAppFeedback(options: { enabled?: boolean } = {}) {
  return useQuery({ ...appFeedbackQueryOptions(), enabled: options.enabled ?? true });
}

export function handleFeedback(body: HandleFeedbackBody): Promise<ManagedFeedback> {
  return apiRequest(api.feedback.handle, { body });
}

export function useHandleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
