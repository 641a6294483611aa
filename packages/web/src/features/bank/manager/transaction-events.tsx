import { Card, Group, Stack, Text } from '@mantine/core';
import type { TransactionEvent } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { useTransactionStatusLabel } from '../../../components/status/status-badges';
import { usePaidViaLabel } from './transaction-parts';

function EventRow({ event }: { event: TransactionEvent }) {
  const { t } = useTranslation('bankManager');
  const paidViaLabel = usePaidViaLabel();
  const statusLabel = useTransactionStatusLabel();
  const change =
    event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus
      ? t('events.change', { from: statusLabel(event.fromStatus), to: statusLabel(event.toStatus) })
      : null;
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={2}>
        <Group justify="space-between" gap="xs" align="baseline">
          <Text fw={600} className="pluk-wrap">
            {t(`events.kind.${event.kind}`)}
          </Text>
          <Text size="sm" c="dimmed">
            {formatMoment(event.at)}
          </Text>
        </Group>
        <Text size="sm" className="pluk-wrap">
          {t('events.by', { name: event.actorName ?? t('events.system') })}
        </Text>
        {change && <Text size="sm">{change}</Text>}
        {event.paidVia && <Text size="sm">{t('events.via', { way: paidViaLabel(event.paidVia) })}</Text>}
        {event.amountCents !== null && (
          <Text size="sm">{t('events.amount', { amount: formatEuros(event.amountCents) })}</Text>
        )}
        {event.detail && (
          <Text size="sm" c="dimmed" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
            {event.detail}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The audit trail, oldest first: when, who, what, from → to, how it was paid, and the note. */
export function TransactionEvents({ events }: { events: TransactionEvent[] }) {
  const { t } = useTranslation('bankManager');
  if (events.length === 0) return <Text c="dimmed">{t('events.empty')}</Text>;
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {events.map((event) => (
        <EventRow key={event.id} event={event} />
      ))}
    </Stack>
  );
}
