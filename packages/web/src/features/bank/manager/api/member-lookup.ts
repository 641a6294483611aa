import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, type ManagedSubscription, type SubscriptionMember } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';

/**
 * The members and subscriptions the BankManager chooses from. The same calls, under the same query keys,
 * as the users' and subscriptions' screens (the subscription's "Leden toevoegen" picker): one cache, and
 * their changes refresh these too.
 */

/** How many members the picker offers at once; typing narrows the rest. */
export const memberPickerRows = 20;

/** Members by name, e-mail or username (`POST applicationManager/user/paged`). */
export function useMemberSearch(search: string, { onlyActive }: { onlyActive: boolean }) {
  const query = {
    page: 1,
    rowsPerPage: memberPickerRows,
    filter: search || undefined,
    ...(onlyActive ? { isApproved: true, isActive: true } : {}),
  };
  return useQuery(
    queryOptions({
      queryKey: ['users', 'paged', query],
      queryFn: () => apiRequest(api.users.paged, { body: query }),
      placeholderData: keepPreviousData,
    }),
  );
}

const subscriptionsOfYear = (harvestYear: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'manager', 'list', harvestYear],
    queryFn: (): Promise<ManagedSubscription[]> =>
      apiRequest(api.subscription.managerList, { query: { harvestYear } }),
  });

const membersOf = (subscriptionId: number) =>
  queryOptions({
    queryKey: ['subscriptions', 'manager', 'members', subscriptionId],
    queryFn: (): Promise<SubscriptionMember[]> =>
      apiRequest(api.subscription.members, { params: { id: subscriptionId } }),
  });

/** The farm's subscriptions of a harvest year (`GET applicationManager/subscription?harvestYear=`). */
export function useSubscriptionsOfYear(harvestYear: number) {
  return useQuery(subscriptionsOfYear(harvestYear));
}

/** A subscription a member has, with what their household pays for it: the default amount. */
export interface MemberSubscriptionChoice {
  subscriptionId: number;
  name: string;
  priceCents: number;
}

/**
 * The subscriptions of a harvest year that a member has. The subscriptions have no "of this user" call:
 * each subscription's members are asked (a farm has a handful per year) and the member looked up.
 */
export function useMemberSubscriptions(userId: number | null, harvestYear: number) {
  const subscriptions = useQuery({ ...subscriptionsOfYear(harvestYear), enabled: userId !== null });
  const members = useQueries({
    queries: (userId === null ? [] : (subscriptions.data ?? [])).map((subscription) =>
      membersOf(subscription.id),
    ),
  });
  const failed = subscriptions.error ?? members.find((query) => query.isError)?.error ?? null;
  const pending = subscriptions.isPending || members.some((query) => query.isPending);
  const choices: MemberSubscriptionChoice[] = [];
  if (!pending && !failed) {
    (subscriptions.data ?? []).forEach((subscription, index) => {
      const member = members[index]?.data?.find((row) => row.userId === userId);
      if (member)
        choices.push({
          subscriptionId: subscription.id,
          name: subscription.name,
          priceCents: member.priceCents,
        });
    });
  }
  return {
    choices,
    isPending: userId !== null && pending,
    error: failed,
    refetch: () => {
      void subscriptions.refetch();
      for (const query of members) if (query.isError) void query.refetch();
    },
  };
}
