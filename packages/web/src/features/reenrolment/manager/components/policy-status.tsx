import { Badge } from '@mantine/core';
import type { PolicySummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

export type PolicyStatus = 'open' | 'ended' | 'converted';

/** Where a round is: members may answer (open), the deadline passed (ended), or it was converted. */
export function policyStatus(policy: Pick<PolicySummary, 'isEnded' | 'convertedAt'>): PolicyStatus {
  if (policy.convertedAt !== null) return 'converted';
  return policy.isEnded ? 'ended' : 'open';
}

const colors: Record<PolicyStatus, string> = { open: 'green', ended: 'orange', converted: 'gray' };

/** "Open", "Deadline voorbij" or "Verwerkt". */
export function PolicyStatusBadge({ policy }: { policy: Pick<PolicySummary, 'isEnded' | 'convertedAt'> }) {
  const { t } = useTranslation('reenrolmentManager');
  const status = policyStatus(policy);
  return (
    <Badge color={colors[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** "2 volwassenen", "1 kind", "3 gezinnen", as words. */
export function usePeople() {
  const { t } = useTranslation('reenrolmentManager');
  return {
    adults: (count: number) => t('people.adults', { count }),
    children: (count: number) => t('people.children', { count }),
    households: (count: number) => t('people.households', { count }),
  };
}
