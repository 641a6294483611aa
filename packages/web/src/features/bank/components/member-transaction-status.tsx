import type { MemberTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatDate } from '../../../lib/dates';
import { TransactionStatusBadge, transactionState } from '../../../components/status/status-badges';
import { isOverdue, today } from '../transaction-dates';

/** Open, Te laat, Betaald or Geannuleerd: the words and colours of the manager's bank (decision 091). */
export function TransactionStatusBadges({ transaction }: { transaction: MemberTransaction }) {
  return <TransactionStatusBadge state={transactionState(transaction, today())} />;
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
