import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import type { ManagerReservation } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { byNumber, byText, DataTable, type Column, type Selection } from '../../../components/data-table';
import { ReservationStatusBadge } from '../../../components/status/status-badges';
import { formatDate } from '../../../lib/dates';
import { formatPrice } from '../../../lib/virtual-money';
import { formatQuantity, fullName } from './offer-format';

function ReservationCard({ row, offerHref }: { row: ManagerReservation; offerHref: (id: number) => string }) {
  const { t } = useTranslation('productManager');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap" style={{ flex: '1 1 10rem', minWidth: 0 }}>
            {fullName(row.taker)}
          </Text>
          <ReservationStatusBadge status={row.status} />
        </Group>
        <Anchor component={Link} to={offerHref(row.offer.id)} size="sm" className="pluk-wrap">
          {row.offer.title}
        </Anchor>
        <Text size="sm">
          {formatQuantity(row.quantity, row.offer.unit)} · {formatPrice(row.totalCents)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('detail.reservedOn', { date: formatDate(row.createdAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The farm's reservations (ADR 096): a table on a laptop (taker, offer, quantity, total, status, day;
 * the loaded rows sort), a card per reservation on a phone, a checkbox each.
 */
export function ReservationsTable({
  rows,
  selection,
  offerHref,
}: {
  rows: ManagerReservation[];
  selection: Selection<ManagerReservation>;
  offerHref: (id: number) => string;
}) {
  const { t } = useTranslation('productManager');
  const columns: Column<ManagerReservation>[] = [
    {
      key: 'taker',
      label: t('reservations.columns.taker'),
      sort: byText((row) => fullName(row.taker)),
      cell: (row) => <span className="pluk-wrap">{fullName(row.taker)}</span>,
    },
    {
      key: 'offer',
      label: t('reservations.columns.offer'),
      sort: byText((row) => row.offer.title),
      cell: (row) => (
        <Anchor component={Link} to={offerHref(row.offer.id)} className="pluk-wrap">
          {row.offer.title}
        </Anchor>
      ),
    },
    {
      key: 'quantity',
      label: t('reservations.columns.quantity'),
      numeric: true,
      sort: byNumber((row) => row.quantity),
      cell: (row) => formatQuantity(row.quantity, row.offer.unit),
    },
    {
      key: 'total',
      label: t('reservations.columns.total'),
      numeric: true,
      sort: byNumber((row) => row.totalCents),
      cell: (row) => formatPrice(row.totalCents),
    },
    {
      key: 'status',
      label: t('reservations.columns.status'),
      sort: byText((row) => row.status),
      cell: (row) => <ReservationStatusBadge status={row.status} />,
    },
    {
      key: 'created',
      label: t('reservations.columns.created'),
      nowrap: true,
      sort: byText((row) => row.createdAt),
      cell: (row) => formatDate(row.createdAt),
    },
  ];
  return (
    <DataTable
      rows={rows}
      columns={columns}
      label={t('reservations.label')}
      card={(row) => <ReservationCard row={row} offerHref={offerHref} />}
      selection={{
        selected: selection.ids,
        onSelect: selection.onSelect,
        pageLabel: t('reservations.selectPage'),
        rowLabel: (row) => t('reservations.select', { name: fullName(row.taker), title: row.offer.title }),
      }}
    />
  );
}
