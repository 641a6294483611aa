import { useQuery } from '@tanstack/react-query';
import { userRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getOnlineMembers() {
  return apiRequest(userRoutes.onlineMembers);
}

/**
 * How many members were seen in the last five minutes (docs/product/people-and-roles.md, "Online members"),
 * asked again each minute.
 */
export function useOnlineMembers() {
  return useQuery({
    queryKey: ['user', 'onlineMembers'],
    queryFn: getOnlineMembers,
    staleTime: 60_000,
    refetchInterval: 60_000,
    // A figure to enjoy, not to wait for: a failure shows nothing and does not retry.
    retry: false,
  });
}
