import { Badge, Group } from '@mantine/core';
import type { MemberTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatDate } from '../../../lib/dates';
import { isOverdue } from '../transaction-dates';

const statusColor = { open: 'orange', paid: 'green', cancelled: 'gray' } as const;

/** Open, Betaald or Geannuleerd, and "Vervallen" beside Open once the due day has passed. */
export function TransactionStatusBadges({ transaction }: { transaction: MemberTransaction }) {
  const { t } = useTranslation('bank');
  return (
    <Group gap={6}>
      <Badge variant="light" color={statusColor[transaction.status]}>
        {t(`status.${transaction.status}`)}
      </Badge>
      {isOverdue(transaction) && (
        <Badge variant="light" color="red">
          {t('status.overdue')}
        </Badge>
      )}
    </Group>
  );
}

/** The line that says when: due on, overdue since, paid on, or cancelled. */
export function useWhenText(): (transaction: MemberTransaction) => string {
  const { t } = useTranslation('bank');
  return (transaction) => {
    if (transaction.status === 'paid') {
      return t('when.paidOn', { date: formatDate(transaction.paidAt ?? transaction.createdAt) });
    }
    if (transaction.status === 'cancelled') return t('when.cancelled');
    const date = formatCalendarDay(transaction.dueDate);
    return isOverdue(transaction) ? t('when.overdueSince', { date }) : t('when.dueOn', { date });
  };
}
