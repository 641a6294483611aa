import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useCurrentHarvestYear } from '../../../features/subscription/api/member-subscriptions';

/** Renders `children` with the farm's current harvest year (from `User/Membership`) once it is known. */
export function WithCurrentHarvestYear({
  children,
}: {
  children: (currentHarvestYear: number) => ReactNode;
}) {
  const year = useCurrentHarvestYear();
  if (year.isPending) return <LoadingState />;
  if (year.isError) return <ErrorState error={year.error} onRetry={() => void year.refetch()} />;
  return children(year.data);
}
