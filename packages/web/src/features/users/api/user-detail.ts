import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes, type ManagedUserDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getUserDetail(id: number): Promise<ManagedUserDetail> {
  return apiRequest(usersRoutes.detail, { params: { id } });
}

export const userDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: () => getUserDetail(id) });

/** A member's detail for managers (`GET applicationManager/user/{id}`). */
export function useUserDetail(id: number) {
  return useQuery(userDetailQueryOptions(id));
}
