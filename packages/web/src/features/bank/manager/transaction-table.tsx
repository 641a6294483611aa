import { Anchor, Checkbox, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { type ManagedTransaction } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDay } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { TransactionStatusBadge } from './transaction-parts';

export type SortColumn = 'payer' | 'description' | 'amount' | 'due' | 'status';
export interface Sort {
  column: SortColumn;
  ascending: boolean;
}

const compare: Record<SortColumn, (a: ManagedTransaction, b: ManagedTransaction) => number> = {
  payer: (a, b) => a.payerName.localeCompare(b.payerName, 'nl'),
  description: (a, b) => a.description.localeCompare(b.description, 'nl'),
  amount: (a, b) => a.amountCents - b.amountCents,
  due: (a, b) => a.dueDate.localeCompare(b.dueDate),
  status: (a, b) => a.status.localeCompare(b.status),
};

/** The rows in the chosen order (the loaded page, 25–100 rows; the server's order when none is chosen). */
export function sortedRows(rows: ManagedTransaction[], sort: Sort | null): ManagedTransaction[] {
  if (!sort) return rows;
  const by = compare[sort.column];
  return [...rows].sort((a, b) => (sort.ascending ? by(a, b) : by(b, a)) || b.id - a.id);
}

function SortHeader({
  column,
  sort,
  onSort,
  numeric = false,
}: {
  column: SortColumn;
  sort: Sort | null;
  onSort: (column: SortColumn) => void;
  numeric?: boolean;
}) {
  const { t } = useTranslation('bankManager');
  const active = sort?.column === column;
  const Icon = !active ? IconArrowsSort : sort.ascending ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
      style={{ whiteSpace: 'nowrap', textAlign: numeric ? 'right' : undefined }}
    >
      <UnstyledButton
        onClick={() => onSort(column)}
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {t(`table.${column}`)}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The bank list on a laptop (issue 33): a table whose header stays in view while scrolling, sortable
 * columns, a checkbox per row and one for the page. Amounts and dates never wrap inside themselves.
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
  onSelect: (ids: number[], on: boolean) => void;
}) {
  const { t } = useTranslation('bankManager');
  const [sort, setSort] = useState<Sort | null>(null);
  const onSort = (column: SortColumn) =>
    setSort((current) =>
      current?.column === column ? { column, ascending: !current.ascending } : { column, ascending: true },
    );
  const shown = sortedRows(rows, sort);
  const all = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const some = rows.some((row) => selected.has(row.id));
  return (
    <Table
      stickyHeader
      stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('list.label')}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={{ width: '2.5rem' }}>
            <Checkbox
              aria-label={t('table.selectPage')}
              checked={all}
              indeterminate={some && !all}
              onChange={(event) =>
                onSelect(
                  rows.map((row) => row.id),
                  event.currentTarget.checked,
                )
              }
            />
          </Table.Th>
          <SortHeader column="payer" sort={sort} onSort={onSort} />
          <SortHeader column="description" sort={sort} onSort={onSort} />
          <SortHeader column="amount" sort={sort} onSort={onSort} numeric />
          <SortHeader column="due" sort={sort} onSort={onSort} />
          <SortHeader column="status" sort={sort} onSort={onSort} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((row) => (
          <Table.Tr key={row.id} bg={selected.has(row.id) ? 'var(--mantine-color-green-light)' : undefined}>
            <Table.Td>
              <Checkbox
                aria-label={t('table.select', { name: row.payerName, description: row.description })}
                checked={selected.has(row.id)}
                onChange={(event) => onSelect([row.id], event.currentTarget.checked)}
              />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={hrefOf(row.id)} className="pluk-wrap">
                {row.payerName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" className="pluk-wrap">
                {row.description}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
              {formatEuros(row.amountCents)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDay(row.dueDate)}</Table.Td>
            <Table.Td>
              <TransactionStatusBadge transaction={row} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
