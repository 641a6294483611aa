import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { paidViaValues, type BankSummary } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import { useBankSummary } from './api/summary';
import { useTransactionStatusLabel } from '../../../components/status/status-badges';
import { usePaidViaLabel } from './transaction-parts';

const statuses = ['open', 'paid', 'cancelled'] as const;

function StatusCard({ summary, status }: { summary: BankSummary; status: (typeof statuses)[number] }) {
  const { t } = useTranslation('bankManager');
  const figures = summary[status];
  const statusLabel = useTransactionStatusLabel();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {statusLabel(status)}
        </Text>
        <Text fw={700} size="lg">
          {formatEuros(figures.totalCents)}
        </Text>
        <Text size="sm">{t('summary.count', { count: figures.count })}</Text>
      </Stack>
    </Card>
  );
}

/** The head of the bank screen: open, paid and cancelled of a harvest year, and how the paid came in. */
export function BankSummaryCards({ harvestYear }: { harvestYear: number }) {
  const { t } = useTranslation('bankManager');
  const paidViaLabel = usePaidViaLabel();
  const titleId = useId();
  const query = useBankSummary(harvestYear);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('summary.title', { year: harvestYear })}
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {statuses.map((status) => (
              <StatusCard key={status} summary={query.data} status={status} />
            ))}
          </SimpleGrid>
          <Group gap="xs" component="p" m={0}>
            <Text span size="sm" fw={600}>
              {t('summary.paidBy')}
            </Text>
            {paidViaValues.map((via) => (
              <Text span size="sm" key={via}>
                {t('summary.paidByWay', {
                  way: paidViaLabel(via),
                  amount: formatEuros(query.data.paidBy[via] ?? 0),
                })}
              </Text>
            ))}
          </Group>
        </>
      )}
    </Stack>
  );
}
