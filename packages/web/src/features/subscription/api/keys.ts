import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the subscription feature; every subscription query starts with 'subscriptions'. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  membership: ['subscriptions', 'membership'] as const,
  offered: ['subscriptions', 'offered'] as const,
  myDetail: (id: number) => ['subscriptions', 'mine', id] as const,
  managerAll: ['subscriptions', 'manager'] as const,
  managerList: (harvestYear: number) => ['subscriptions', 'manager', 'list', harvestYear] as const,
  managerDetail: (id: number) => ['subscriptions', 'manager', 'detail', id] as const,
  members: (id: number) => ['subscriptions', 'manager', 'members', id] as const,
  infoPrice: (id: number, year: 'current' | 'next') =>
    ['subscriptions', 'manager', 'infoPrice', id, year] as const,
};

/**
 * After any change to a subscription or who has it: every subscription query, and what follows from
 * my subscriptions elsewhere (what I may pick, the credits I need).
 */
export function invalidateSubscriptionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['pluk'] }),
    queryClient.invalidateQueries({ queryKey: ['credits'] }),
  ]);
}
