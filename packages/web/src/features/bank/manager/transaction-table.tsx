import { Anchor, Text } from '@mantine/core';
import { type ManagedTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { byNumber, byText, DataTable, type Column } from '../../../components/data-table';
import { formatCalendarDay } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { TransactionCard } from './transaction-card';
import { TransactionStatusBadge } from './transaction-parts';

function useColumns(hrefOf: (id: number) => string): Column<ManagedTransaction>[] {
  const { t } = useTranslation('bankManager');
  return [
    {
      key: 'payer',
      label: t('table.payer'),
      sort: byText((row) => row.payerName),
      cell: (row) => (
        <Anchor component={Link} to={hrefOf(row.id)} className="pluk-wrap">
          {row.payerName}
        </Anchor>
      ),
    },
    {
      key: 'description',
      label: t('table.description'),
      sort: byText((row) => row.description),
      cell: (row) => (
        <Text size="sm" className="pluk-wrap">
          {row.description}
        </Text>
      ),
    },
    {
      key: 'amount',
      label: t('table.amount'),
      numeric: true,
      sort: byNumber((row) => row.amountCents),
      cell: (row) => formatEuros(row.amountCents),
    },
    {
      key: 'due',
      label: t('table.due'),
      nowrap: true,
      sort: (a, b) => a.dueDate.localeCompare(b.dueDate),
      cell: (row) => formatCalendarDay(row.dueDate),
    },
    {
      key: 'status',
      label: t('table.status'),
      sort: (a, b) => a.status.localeCompare(b.status),
      cell: (row) => <TransactionStatusBadge transaction={row} />,
    },
  ];
}

/**
 * The bank list (ADR 096): on a laptop a table whose header stays in view while scrolling, sortable
 * columns (the loaded rows), a checkbox per row and one for the page; on a phone a card per row.
 * Amounts and dates never wrap inside themselves.
 */
export function TransactionTable({
  rows,
  hrefOf,
  selected,
  onSelect,
}: {
  rows: ManagedTransaction[];
  hrefOf: (id: number) => string;
  selected: ReadonlySet<number>;
  onSelect: (rows: ManagedTransaction[], on: boolean) => void;
}) {
  const { t } = useTranslation('bankManager');
  return (
    <DataTable
      rows={rows}
      columns={useColumns(hrefOf)}
      label={t('list.label')}
      card={(row) => <TransactionCard transaction={row} to={hrefOf(row.id)} />}
      selection={{
        selected,
        onSelect,
        pageLabel: t('table.selectPage'),
        rowLabel: (row) => t('table.select', { name: row.payerName, description: row.description }),
      }}
    />
  );
}
