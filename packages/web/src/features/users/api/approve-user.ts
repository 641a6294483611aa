import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type ManagedUser } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function approveUser(userId: number): Promise<ManagedUser> {
  return apiRequest(usersRoutes.approve, { body: { userId } });
}

/** Approves a waiting user; every users list (and the waiting-list count) is refreshed. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: async () => {
      // The users lists and the to-do list's waiting count (ADR 092).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['management'] }),
      ]);
    },
  });
}
