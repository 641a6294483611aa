import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type BulkMarkPaidBody, type ReminderScheduleBody } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateBankQueries } from './keys';

/**
 * Undo and bulk actions of the bank (ADR 093): reopen with a reason, refund through Mollie, mark a
 * selection paid, send reminders now; the reminder schedule and a member's pause.
 */

function useBankMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateBankQueries(queryClient) });
}

/** `POST applicationManager/bank/reopen/{id}`: a paid transaction open again, with the reason. */
export const useReopenTransaction = () =>
  useBankMutation(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(bankRoutes.reopen, { params: { id }, body: { reason } }),
  );

/** `POST applicationManager/bank/refund/{id}`: Mollie gives the money back; the transaction reopens. */
export const useRefundTransaction = () =>
  useBankMutation(({ id, reason }: { id: number; reason: string }) =>
    apiRequest(bankRoutes.refund, { params: { id }, body: { reason } }),
  );

/** `POST applicationManager/bank/markPayedMany`: a result per transaction. */
export const useMarkManyPaid = () =>
  useBankMutation((body: BulkMarkPaidBody) => apiRequest(bankRoutes.markPaidMany, { body }));

/** `POST applicationManager/bank/remindMany`: a reminder now for each, a result per transaction. */
export const useRemindMany = () =>
  useBankMutation((ids: number[]) => apiRequest(bankRoutes.remindMany, { body: { ids } }));

const scheduleKey = ['bank', 'manager', 'reminderSchedule'] as const;
const pauseKey = (userId: number) => ['bank', 'manager', 'reminderPause', userId] as const;

export const useReminderSchedule = () =>
  useQuery({ queryKey: scheduleKey, queryFn: () => apiRequest(bankRoutes.reminderSchedule, {}) });

export function useSaveReminderSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderScheduleBody) => apiRequest(bankRoutes.saveReminderSchedule, { body }),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKey, saved),
  });
}

export const useReminderPause = (userId: number) =>
  useQuery({
    queryKey: pauseKey(userId),
    queryFn: () => apiRequest(bankRoutes.reminderPause, { params: { userId } }),
  });

export function useSetReminderPause(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      apiRequest(bankRoutes.setReminderPause, { params: { userId }, body: { paused } }),
    onSuccess: (saved) => queryClient.setQueryData(pauseKey(userId), saved),
  });
}
