import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes, type ManagedUsersQuery, type PagedUsers } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getPagedUsers(query: ManagedUsersQuery): Promise<PagedUsers> {
  return apiRequest(usersRoutes.paged, { body: query });
}

export const pagedUsersQueryOptions = (query: ManagedUsersQuery) =>
  queryOptions({
    queryKey: ['users', 'paged', query],
    queryFn: () => getPagedUsers(query),
    placeholderData: keepPreviousData,
  });

export function usePagedUsers(query: ManagedUsersQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pagedUsersQueryOptions(query), enabled: options.enabled ?? true });
}
