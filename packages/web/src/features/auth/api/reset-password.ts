import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordInput {
  userId: number;
  token: string;
  password: string;
}

export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiRequest(authRoutes.resetPassword, { body: input });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
