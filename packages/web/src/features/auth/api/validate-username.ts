import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function validateUsername(name: string, signal?: AbortSignal): Promise<{ available: boolean }> {
  return apiRequest(authRoutes.validateUsername, { params: { name }, signal });
}

export const validateUsernameQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['auth', 'validateUsername', name.toLowerCase()],
    queryFn: ({ signal }) => validateUsername(name, signal),
    staleTime: 10_000,
    retry: false,
  });

/** Whether `name` is free; pass an already debounced, valid name, or null to ask nothing. */
export function useUsernameAvailability(name: string | null) {
  return useQuery({ ...validateUsernameQueryOptions(name ?? ''), enabled: name !== null });
}
