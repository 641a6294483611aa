import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersRoutes, type CreateUserBody, type ManagedUser, type UpdateUserBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Every users query (lists, waiting list, details) is asked again after a change. */
function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['users'] });
}

export function createUser(body: CreateUserBody): Promise<ManagedUser> {
  return apiRequest(usersRoutes.create, { body });
}

export function updateUser(body: UpdateUserBody): Promise<ManagedUser> {
  return apiRequest(usersRoutes.update, { body });
}

export function deleteUser(id: number): Promise<unknown> {
  return apiRequest(usersRoutes.remove, { params: { id } });
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: createUser, onSuccess: refresh });
}

export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: updateUser, onSuccess: refresh });
}

/** Deletes (anonymises) a member. */
export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({ mutationFn: deleteUser, onSuccess: refresh });
}
