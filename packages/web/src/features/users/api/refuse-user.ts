import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type RefuseBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function refuseUser(body: RefuseBody): Promise<{ emailed: boolean }> {
  return apiRequest(usersRoutes.refuse, { body });
}

/** Refuses a registration (decision 092); the users lists and the to-do list's count follow. */
export function useRefuseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refuseUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['management'] }),
      ]);
    },
  });
}
