import { useManagedSubscriptions } from '../../../features/subscription/api/manager-subscriptions';
import { useCurrentHarvestYear } from '../../../features/subscription/api/member-subscriptions';
import type { SubscriptionChoice } from '../../../features/users/components/users-list';

/** This harvest year's and next year's subscriptions, for the users filters and the multi-actions. */
export function useSubscriptionChoices(): SubscriptionChoice[] {
  const year = useCurrentHarvestYear().data;
  const current = useManagedSubscriptions(year).data ?? [];
  const next = useManagedSubscriptions(year === undefined ? undefined : year + 1).data ?? [];
  return [...current, ...next].map((s) => ({ id: s.id, name: s.name, harvestYear: s.harvestYear }));
}
