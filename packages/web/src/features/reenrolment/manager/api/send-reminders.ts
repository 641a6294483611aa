import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reenrolmentRoutes, type RemindResult } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateReenrolmentQueries } from './keys';

export function sendReminders(id: number): Promise<RemindResult> {
  return apiRequest(reenrolmentRoutes.remind, { params: { id } });
}

/**
 * A reminder e-mail to every member who has not answered, at most one a day each
 * (`POST applicationManager/IntentionPolicy/{id}/reminders`); the answers list shows who was reminded.
 */
export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReminders,
    onSuccess: () => invalidateReenrolmentQueries(queryClient),
  });
}
