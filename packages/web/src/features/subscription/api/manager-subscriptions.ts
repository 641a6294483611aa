import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionRoutes,
  type ManagedSubscription,
  type SubscriptionInput,
  type SubscriptionMember,
  type SubscriptionPriceInfo,
  type SubscriptionUpdate,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateSubscriptionQueries, subscriptionKeys } from './keys';

export function getManagedSubscriptions(harvestYear: number): Promise<ManagedSubscription[]> {
  return apiRequest(subscriptionRoutes.managerList, { query: { harvestYear } });
}

export function getManagedSubscription(id: number): Promise<ManagedSubscription> {
  return apiRequest(subscriptionRoutes.managerDetail, { params: { id } });
}

export function getSubscriptionMembers(id: number): Promise<SubscriptionMember[]> {
  return apiRequest(subscriptionRoutes.members, { params: { id } });
}

/** `infoPrice` (this harvest year) or `infoPriceNext`: households, people and money of the name. */
export function getSubscriptionPriceInfo(
  id: number,
  year: 'current' | 'next',
): Promise<SubscriptionPriceInfo> {
  const route = year === 'current' ? subscriptionRoutes.infoPrice : subscriptionRoutes.infoPriceNext;
  return apiRequest(route, { params: { id } });
}

export const managedSubscriptionsQueryOptions = (harvestYear: number) =>
  queryOptions({
    queryKey: subscriptionKeys.managerList(harvestYear),
    queryFn: () => getManagedSubscriptions(harvestYear),
  });

export const managedSubscriptionQueryOptions = (id: number) =>
  queryOptions({ queryKey: subscriptionKeys.managerDetail(id), queryFn: () => getManagedSubscription(id) });

/** The subscriptions of one harvest year (`GET applicationManager/subscription?harvestYear=`). */
export function useManagedSubscriptions(harvestYear: number | undefined) {
  return useQuery({
    ...managedSubscriptionsQueryOptions(harvestYear ?? 0),
    enabled: harvestYear !== undefined,
  });
}

/** One subscription (`GET applicationManager/subscription/{id}`). */
export function useManagedSubscription(id: number) {
  return useQuery(managedSubscriptionQueryOptions(id));
}

/** The households that have a subscription (`GET applicationManager/subscription/{id}/members`). */
export function useSubscriptionMembers(id: number) {
  return useQuery(
    queryOptions({ queryKey: subscriptionKeys.members(id), queryFn: () => getSubscriptionMembers(id) }),
  );
}

/** Households, people and money of this subscription's name this or next harvest year. */
export function useSubscriptionPriceInfo(id: number, year: 'current' | 'next') {
  return useQuery(
    queryOptions({
      queryKey: subscriptionKeys.infoPrice(id, year),
      queryFn: () => getSubscriptionPriceInfo(id, year),
    }),
  );
}

/** A mutation answering the subscription: stored at once, then every subscription query refreshed. */
function useSaveMutation<V>(mutationFn: (variables: V) => Promise<ManagedSubscription>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKeys.managerDetail(subscription.id), subscription);
      return invalidateSubscriptionQueries(queryClient);
    },
  });
}

export const useCreateSubscription = () =>
  useSaveMutation((input: SubscriptionInput) => apiRequest(subscriptionRoutes.create, { body: input }));

export const useUpdateSubscription = () =>
  useSaveMutation((input: SubscriptionUpdate) => apiRequest(subscriptionRoutes.update, { body: input }));

/** Deletes a subscription nobody has; the server refuses one with members (SUBSCRIPTION_IN_USE). */
export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(subscriptionRoutes.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: subscriptionKeys.managerDetail(id) });
      return invalidateSubscriptionQueries(queryClient);
    },
  });
}

/** Gives one user a subscription (`POST applicationManager/User/AddSubscription`); no refresh by itself. */
export function addUserToSubscription(userId: number, subscriptionId: number): Promise<SubscriptionMember> {
  return apiRequest(subscriptionRoutes.addUser, { body: { userId, subscriptionId } });
}

/** Takes a subscription from a user (`DELETE applicationManager/User/{userId}/Subscription/{subscriptionId}`). */
export function useRemoveUserFromSubscription(subscriptionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      apiRequest(subscriptionRoutes.removeUser, { params: { userId, subscriptionId } }),
    onSuccess: () => invalidateSubscriptionQueries(queryClient),
  });
}
