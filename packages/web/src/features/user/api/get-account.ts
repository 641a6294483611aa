import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes, type Account } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { useAppStore } from '../../../lib/store';

export function getAccount(): Promise<Account> {
  return apiRequest(userRoutes.account);
}

export const accountQueryKey = ['account'] as const;

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountQueryKey, queryFn: getAccount, staleTime: 60_000 });

/** The signed-in account; asks nothing while logged out. */
export function useAccount() {
  const loggedIn = useAppStore((state) => state.auth.loggedIn);
  return useQuery({ ...accountQueryOptions(), enabled: loggedIn });
}
