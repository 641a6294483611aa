import { queryOptions, useQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type Policy } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { reenrolmentManagerKeys } from './keys';

export function getPolicy(id: number): Promise<Policy> {
  return apiRequest(reenrolmentRoutes.policy, { params: { id } });
}

export const policyQueryOptions = (id: number) =>
  queryOptions({ queryKey: reenrolmentManagerKeys.policy(id), queryFn: () => getPolicy(id) });

/** One round with its offers and counts (`GET applicationManager/IntentionPolicy/{id}`). */
export function usePolicy(id: number) {
  return useQuery(policyQueryOptions(id));
}
