import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type Account } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

/** `POST user/cancelEmailChange`: my e-mail change that waits for confirmation is dropped (ADR 087). */
export function cancelEmailChange(): Promise<Account> {
  return apiRequest(userRoutes.cancelEmailChange);
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
