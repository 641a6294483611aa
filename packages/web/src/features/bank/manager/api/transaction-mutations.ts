import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  bankRoutes,
  type ManagedTransaction,
  type MarkPaidBody,
  type MembershipCreateBody,
  type SetPayedResult,
  type TransactionUpdateBody,
} from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankManagerKeys, invalidateBankQueries } from './keys';

/** A change answering the transaction: every bank query is asked again (the detail with its new audit row). */
function useTransactionMutation<V>(mutationFn: (variables: V) => Promise<ManagedTransaction>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateBankQueries(queryClient) });
}

/** Marks an open transaction paid: by transfer, cash or "manueel" (`POST applicationManager/bank/markPayed/{id}`). */
export const useMarkPaid = () =>
  useTransactionMutation(({ id, body }: { id: number; body: MarkPaidBody }) =>
    apiRequest(bankRoutes.markPaid, { params: { id }, body }),
  );

/** Cancels an open transaction (`POST applicationManager/bank/cancel/{id}`). */
export const useCancelTransaction = () =>
  useTransactionMutation((id: number) => apiRequest(bankRoutes.cancel, { params: { id } }));

/** Changes an open transaction's amount, description and due date (`POST applicationManager/bank/Update`). */
export const useUpdateTransaction = () =>
  useTransactionMutation((body: TransactionUpdateBody) => apiRequest(bankRoutes.update, { body }));

/** Makes the transaction of a member's subscription (`POST applicationManager/bank/MembershipCreate`). */
export const useCreateMembershipTransaction = () =>
  useTransactionMutation((body: MembershipCreateBody) => apiRequest(bankRoutes.membershipCreate, { body }));

/** Deletes an open or cancelled transaction; the server keeps a paid one (409 TRANSACTION_PAID). */
export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(bankRoutes.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: bankManagerKeys.detail(id) });
      return invalidateBankQueries(queryClient);
    },
  });
}

/**
 * Stores a "payment needed" e-mail for one open transaction, for review on the mails screen; nothing is
 * sent yet (`POST applicationManager/Management/GeneratePaymentNeededEmail/{userId}/{transactionId}`).
 */
export function useGeneratePaymentMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, transactionId }: { userId: number; transactionId: number }) =>
      apiRequest(bankRoutes.generateNeededEmailForTransaction, { params: { userId, transactionId } }),
    // The waiting mails are bank queries too.
    onSuccess: () => invalidateBankQueries(queryClient),
  });
}

/** Sets a member's payment of this harvest year (`POST applicationManager/User/SetPayed`). */
/**
 * `outcome` is told how the call ended even when the screen that made it re-rendered or left meanwhile
 * (the mutation's own callbacks; those given to `mutate` are dropped then).
 */
export function useSetPayed(outcome?: {
  onSuccess?: (result: SetPayedResult) => void;
  onError?: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; hasPaid: boolean }) => apiRequest(bankRoutes.setPayed, { body }),
    onSuccess: (result) => {
      outcome?.onSuccess?.(result);
      return invalidateBankQueries(queryClient);
    },
    onError: (error) => outcome?.onError?.(error),
  });
}
