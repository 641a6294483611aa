import { queryOptions, useQuery } from '@tanstack/react-query';
import { managementRoutes, type Management } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getManagement(): Promise<Management> {
  return apiRequest(managementRoutes.root);
}

/** Every mutation that clears a to-do item invalidates this key (approve, refuse, …). */
export const managementQueryKey = ['management'] as const;

export const managementQueryOptions = () =>
  queryOptions({
    queryKey: managementQueryKey,
    queryFn: getManagement,
    // Coming back to the cockpit after handling something shows the new counts at once.
    refetchOnMount: 'always',
  });

/** The staff's to-do counts for the caller's roles (decision 092). */
export function useManagement() {
  return useQuery(managementQueryOptions());
}
