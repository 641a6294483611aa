import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersRoutes, type PagedQuery, type PagedUsers } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getPagedUsers(query: PagedQuery): Promise<PagedUsers> {
  return apiRequest(usersRoutes.paged, { body: query });
}

export const pagedUsersQueryOptions = (query: PagedQuery) =>
  queryOptions({
    queryKey: ['users', 'paged', query],
    queryFn: () => getPagedUsers(query),
    placeholderData: keepPreviousData,
  });

export function usePagedUsers(query: PagedQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...pagedUsersQueryOptions(query), enabled: options.enabled ?? true });
}
