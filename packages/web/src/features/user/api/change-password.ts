import { useMutation } from '@tanstack/react-query';
import { userRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

export async function changePassword(body: ChangePasswordInput): Promise<void> {
  await apiRequest(userRoutes.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
