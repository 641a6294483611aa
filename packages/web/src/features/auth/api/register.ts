import { useMutation } from '@tanstack/react-query';
import { api, type RegisterBody } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<{ status: 'waiting' }> {
  return apiRequest(api.auth.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
