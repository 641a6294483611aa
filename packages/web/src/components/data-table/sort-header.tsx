import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { Column, SortState } from './types';

/** A column header: a button that sorts by it, with `aria-sort` saying the current order. */
export function SortHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: Column<T>;
  sort: SortState | null;
  onSort: (column: string) => void;
}) {
  const style = { whiteSpace: 'nowrap', textAlign: column.numeric ? 'right' : undefined } as const;
  if (!column.sort) return <Table.Th style={style}>{column.label}</Table.Th>;
  const active = sort?.column === column.key;
  const Icon = !active ? IconArrowsSort : sort.ascending ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'} style={style}>
      <UnstyledButton
        onClick={() => onSort(column.key)}
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {column.label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
