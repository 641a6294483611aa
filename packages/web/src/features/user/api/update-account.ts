import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type Account, type UpdateAccountBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';
import { contactDataQueryKey } from './get-contact-data';

export function updateAccount(body: UpdateAccountBody): Promise<Account> {
  return apiRequest(userRoutes.update, { body });
}

/** Saves profile, household and privacy; the answer is the updated account. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      void queryClient.invalidateQueries({ queryKey: contactDataQueryKey(account.id) });
    },
  });
}
