import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionRoutes,
  type MemberSubscription,
  type MyMembership,
  type MySubscriptionDetail,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSubscriptionQueries, subscriptionKeys } from './keys';

export function getMyMembership(): Promise<MyMembership> {
  return apiRequest(subscriptionRoutes.membership);
}

export function getOfferedSubscriptions(): Promise<MemberSubscription[]> {
  return apiRequest(subscriptionRoutes.list);
}

export function getMySubscription(id: number): Promise<MySubscriptionDetail> {
  return apiRequest(subscriptionRoutes.myDetail, { params: { id } });
}

export const myMembershipQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.membership, queryFn: getMyMembership });

export const offeredSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: subscriptionKeys.offered, queryFn: getOfferedSubscriptions });

export const mySubscriptionQueryOptions = (id: number) =>
  queryOptions({ queryKey: subscriptionKeys.myDetail(id), queryFn: () => getMySubscription(id) });

/** My household and my subscriptions of this and later harvest years (`GET User/Membership`). */
export function useMyMembership() {
  return useQuery(myMembershipQueryOptions());
}

/**
 * The farm's active subscriptions of this and next harvest year, with the price for my household and
 * whether I have each (`GET subscription`): what I may choose among while registration is open.
 */
export function useOfferedSubscriptions() {
  return useQuery(offeredSubscriptionsQueryOptions());
}

/** One of my subscriptions: what it includes, my household's price, credits (`GET User/subscriptions/{id}`). */
export function useMySubscription(id: number) {
  return useQuery(mySubscriptionQueryOptions(id));
}

/**
 * Sets my choice among the subscriptions open for registration (`POST User/subscriptions`): the ones
 * named are mine, the open ones not named are dropped.
 */
export function useChooseSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionIds: number[]) =>
      apiRequest(subscriptionRoutes.choose, { body: { subscriptionIds } }),
    // It answers my subscriptions; the membership, the choices and what I may pick follow from them.
    onSuccess: () => invalidateSubscriptionQueries(queryClient),
  });
}

/**
 * The farm's current harvest year, as my membership names it (`GET User/Membership`): the manager's
 * list shows this year and the next one.
 */
export function useCurrentHarvestYear() {
  return useQuery({ ...myMembershipQueryOptions(), select: (membership) => membership.currentHarvestYear });
}
