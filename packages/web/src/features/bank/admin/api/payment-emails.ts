import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type PaymentEmailKind, type PendingPaymentEmail } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankAdminKeys } from './keys';

/** The routes of each kind: "payment needed" and the reminders work the same way. */
const routesOf = {
  needed: {
    list: bankRoutes.neededEmails,
    generate: bankRoutes.generateNeededEmails,
    confirm: bankRoutes.confirmNeededEmails,
  },
  reminder: {
    list: bankRoutes.reminderEmails,
    generate: bankRoutes.generateReminderEmails,
    confirm: bankRoutes.confirmReminderEmails,
  },
} as const;

export function getPendingEmails(kind: PaymentEmailKind): Promise<PendingPaymentEmail[]> {
  return apiRequest(routesOf[kind].list);
}

export const pendingEmailsQueryOptions = (kind: PaymentEmailKind) =>
  queryOptions({ queryKey: bankAdminKeys.emails(kind), queryFn: () => getPendingEmails(kind) });

/** The e-mails of one kind waiting for review (`GetAllPaymentNeededEmails` / `…ReminderEmails`). */
export function usePendingEmails(kind: PaymentEmailKind) {
  return useQuery(pendingEmailsQueryOptions(kind));
}

/** Stores the e-mails of one kind for review (of a harvest year); nothing is sent yet. */
export function useGenerateEmails(kind: PaymentEmailKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (harvestYear: number) => apiRequest(routesOf[kind].generate, { body: { harvestYear } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAdminKeys.emails(kind) }),
  });
}

/** Sends the waiting e-mails of one kind: the chosen ones, or all of them when `ids` is undefined. */
export function useConfirmEmails(kind: PaymentEmailKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[] | undefined) =>
      apiRequest(routesOf[kind].confirm, { body: ids === undefined ? {} : { ids } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAdminKeys.emails(kind) }),
  });
}

/** Drops one waiting e-mail without sending it; it leaves the list at once. */
export function useDiscardEmail(kind: PaymentEmailKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(bankRoutes.discardEmail, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<PendingPaymentEmail[]>(bankAdminKeys.emails(kind), (emails) =>
        emails?.filter((email) => email.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: bankAdminKeys.emails(kind) });
    },
  });
}
