import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { requestRoutes, type ManagerRequestPage, type ManagerRequestQuery } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

/** The filters of the RequestManager's list (an empty search sends none). */
export interface ManagerRequestFilters {
  search: string;
  status: NonNullable<ManagerRequestQuery['status']>;
}

/** Query keys of the RequestManager's screen; under 'requests' so the member screens' changes refresh it too. */
export const managerRequestKeys = {
  all: ['requests', 'manager'] as const,
  list: (filters: ManagerRequestFilters) => ['requests', 'manager', 'list', filters] as const,
};

/** After moderation: every request query (members' lists and details, the home's block) and notifications. */
export function invalidateAfterRequestChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['requests'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}

export function getManagerRequests(
  filters: ManagerRequestFilters,
  page: FeedPageParam = { page: 0 },
): Promise<ManagerRequestPage> {
  const search = filters.search.trim();
  return apiRequest(requestRoutes.managerList, {
    query: { ...page, status: filters.status, search: search || undefined },
  });
}

export const managerRequestsQueryOptions = (filters: ManagerRequestFilters) =>
  infiniteQueryOptions({
    queryKey: managerRequestKeys.list(filters),
    queryFn: ({ pageParam }) => getManagerRequests(filters, pageParam),
    ...feedPaging,
  });

/** Every request of the farm, a page at a time (`GET applicationManager/request`). */
export function useManagerRequests(filters: ManagerRequestFilters) {
  return useInfiniteQuery({ ...managerRequestsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Closes a request that is not completed (moderation); requester and taker are notified. */
export function useManagerCloseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(requestRoutes.managerClose, { params: { id } }),
    onSuccess: () => invalidateAfterRequestChange(queryClient),
  });
}

/** Deletes a request (moderation). */
export function useManagerDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(requestRoutes.managerRemove, { params: { id } }),
    onSuccess: () => invalidateAfterRequestChange(queryClient),
  });
}
