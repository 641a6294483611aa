import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes, type Account } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

export function changeAvatar(file: File): Promise<Account> {
  const body = new FormData();
  body.append('file', file);
  return apiRequest(userRoutes.changeAvatar, { body });
}

export function useChangeAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAvatar,
    onSuccess: (account) => queryClient.setQueryData(accountQueryKey, account),
  });
}
