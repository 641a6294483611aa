import { useMutation } from '@tanstack/react-query';
import { authRoutes, type RegisterBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<{ status: 'waiting' }> {
  return apiRequest(authRoutes.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
