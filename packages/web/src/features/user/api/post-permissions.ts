import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type Account, type Privacy } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

export function postPermissions(privacy: Privacy): Promise<Account> {
  return apiRequest(userRoutes.postPermissions, { body: privacy });
}

/** Saves my privacy choices alone (`user/PostPermissions`); the answer is the updated account. */
export function usePostPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPermissions,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
