import type { ManagedTransaction, PaidVia } from '@pluk/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  TransactionStatusBadge as SharedTransactionStatusBadge,
  transactionState,
} from '../../../components/status/status-badges';

/** The calendar day the date pickers and due dates speak: YYYY-MM-DD on the device's clock. */
export const dayFormat = 'YYYY-MM-DD';
export const today = () => dayjs().format(dayFormat);

/** Still open after its due date (the day itself is still in time). */
export function isOverdue(transaction: Pick<ManagedTransaction, 'status' | 'dueDate'>, now = today()) {
  return transaction.status === 'open' && transaction.dueDate < now;
}

/** The status in a word, "Te laat" instead of "Open" once the due date has passed (decision 091). */
export function TransactionStatusBadge({
  transaction,
}: {
  transaction: Pick<ManagedTransaction, 'status' | 'dueDate'>;
}) {
  return <SharedTransactionStatusBadge state={transactionState(transaction, today())} />;
}

/** How a transaction was paid, in Dutch: overschrijving, online, cash, manueel. */
export function usePaidViaLabel(): (via: PaidVia) => string {
  const { t } = useTranslation('bankManager');
  return (via) => t(`paidVia.${via}`);
}

/** Shared by a card's title and its badge: they share a line, the badge drops below when text grows. */
export const headerText = { flex: '1 1 10rem', minWidth: 0 } as const;
