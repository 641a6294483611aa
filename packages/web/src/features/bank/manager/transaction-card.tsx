import { Card, Group, Stack, Text } from '@mantine/core';
import { formatStructuredReference, type ManagedTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDay } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { headerText, TransactionStatusBadge } from './transaction-parts';

/**
 * One transaction in a list, a link to its page: payer, description, amount, due date, status and the
 * structured reference. A card rather than a table row, so it reflows on a phone (320 px).
 */
export function TransactionCard({
  transaction,
  to,
  showPayer = true,
}: {
  transaction: ManagedTransaction;
  to: string;
  /** Off on a member's own page: every card is theirs. */
  showPayer?: boolean;
}) {
  const { t } = useTranslation('bankManager');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap" style={headerText}>
            {showPayer ? transaction.payerName : transaction.description}
          </Text>
          <TransactionStatusBadge transaction={transaction} />
        </Group>
        {showPayer && (
          <Text size="sm" className="pluk-wrap">
            {transaction.description}
          </Text>
        )}
        <Group gap="md" align="baseline">
          <Text fw={700}>{formatEuros(transaction.amountCents)}</Text>
          <Text size="sm" c="dimmed">
            {t('list.due', { date: formatCalendarDay(transaction.dueDate) })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {formatStructuredReference(transaction.structuredReference)}
        </Text>
      </Stack>
    </Card>
  );
}
