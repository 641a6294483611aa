import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bankRoutes, type BankMember, type BankMembersBody, type BankSubscription } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankManagerKeys } from './keys';

/**
 * The members and subscriptions the BankManager chooses from: the bank's own routes, so a BankManager
 * without the ApplicationManager's users list and subscription routes can choose too. Under the bank's
 * query keys, so a new or changed transaction refreshes whether a subscription has one.
 */

const membersQuery = (body: BankMembersBody) =>
  queryOptions({
    queryKey: bankManagerKeys.members(body),
    queryFn: (): Promise<BankMember[]> => apiRequest(bankRoutes.members, { body }),
  });

/** Up to 20 members by name or e-mail (`POST applicationManager/bank/members`); the first by name when empty. */
export function useMemberSearch(search: string) {
  return useQuery({ ...membersQuery(search ? { search } : {}), placeholderData: keepPreviousData });
}

/** The farm's subscriptions of a harvest year (`GET applicationManager/bank/subscriptions?harvestYear=`). */
export function useSubscriptionsOfYear(harvestYear: number) {
  return useQuery(
    queryOptions({
      queryKey: bankManagerKeys.subscriptions(harvestYear),
      queryFn: (): Promise<BankSubscription[]> =>
        apiRequest(bankRoutes.subscriptions, { query: { harvestYear } }),
    }),
  );
}

/**
 * The subscriptions of a harvest year that one member has, with what their household pays for each and
 * whether an open or paid transaction exists for it already (the members route, asked for that member).
 */
export function useMemberSubscriptions(userId: number | null, harvestYear: number) {
  const query = useQuery({
    ...membersQuery(userId === null ? { harvestYear } : { userId, harvestYear }),
    enabled: userId !== null,
  });
  return {
    choices: query.data?.[0]?.subscriptions ?? [],
    isPending: userId !== null && query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
