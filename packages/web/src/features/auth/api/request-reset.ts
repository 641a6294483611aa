import { useMutation } from '@tanstack/react-query';
import { authRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** Asks for a reset link by username or e-mail; the answer is the same whether or not it exists. */
export function requestReset(value: string): Promise<{ ok: true }> {
  return apiRequest(authRoutes.requestReset, { params: { value } });
}

export function useRequestReset() {
  return useMutation({ mutationFn: requestReset });
}
