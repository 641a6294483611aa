import { Checkbox, Group, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { SortHeader } from './sort-header';
import { nextSort, sortRows, type Column, type SortState } from './types';

/** Where a laptop's table starts (the users list's and the bank's breakpoint, Mantine's `md`). */
export const tableQuery = '(min-width: 62em)';

/** Checkboxes per row and for the page; without it the list has none. */
export interface TableSelection<T> {
  selected: ReadonlySet<number>;
  onSelect: (rows: T[], on: boolean) => void;
  /** "Alle … op deze pagina kiezen". */
  pageLabel: string;
  /** The accessible name of a row's checkbox ("Anna Aerts kiezen"). */
  rowLabel: (row: T) => string;
}

interface DataTableProps<T extends { id: number }> {
  rows: T[];
  columns: Column<T>[];
  /** The table's (and the card list's) accessible name. */
  label: string;
  /** A row on a phone. */
  card: (row: T) => ReactNode;
  selection?: TableSelection<T>;
  /**
   * The server's order (controlled): the table shows the rows as they come and asks `onSort` for
   * another one. Without it the table sorts the loaded rows itself.
   */
  sort?: { value: SortState | null; onChange: (sort: SortState) => void };
}

function PageCheckbox<T extends { id: number }>({
  rows,
  selection,
  withLabel,
}: {
  rows: T[];
  selection: TableSelection<T>;
  withLabel: boolean;
}) {
  const all = rows.length > 0 && rows.every((row) => selection.selected.has(row.id));
  const some = rows.some((row) => selection.selected.has(row.id));
  return (
    <Checkbox
      aria-label={withLabel ? undefined : selection.pageLabel}
      label={withLabel ? selection.pageLabel : undefined}
      checked={all}
      indeterminate={some && !all}
      onChange={(event) => selection.onSelect(rows, event.currentTarget.checked)}
    />
  );
}

/**
 * A back-office list (ADR 096): on a laptop a table whose header stays in view under the app's header,
 * with sortable columns and a checkbox per row and for the page (indeterminate when some are chosen); on
 * a phone the same rows as cards, each with its checkbox.
 */
export function DataTable<T extends { id: number }>({
  rows,
  columns,
  label,
  card,
  selection,
  sort,
}: DataTableProps<T>) {
  const wide = useMediaQuery(tableQuery);
  const [ownSort, setOwnSort] = useState<SortState | null>(null);
  const current = sort ? sort.value : ownSort;
  const onSort = (column: string) => {
    const next = nextSort(current, column);
    if (sort) sort.onChange(next);
    else setOwnSort(next);
  };
  if (!wide)
    return (
      <Stack gap="sm">
        {selection && rows.length > 1 && <PageCheckbox rows={rows} selection={selection} withLabel />}
        <Stack
          gap="sm"
          component="ul"
          aria-label={label}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map((row) => (
            <li key={row.id}>
              {selection ? (
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Checkbox
                    mt="md"
                    size="md"
                    aria-label={selection.rowLabel(row)}
                    checked={selection.selected.has(row.id)}
                    onChange={(event) => selection.onSelect([row], event.currentTarget.checked)}
                  />
                  <div style={{ flex: 1, minWidth: 0 }}>{card(row)}</div>
                </Group>
              ) : (
                card(row)
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    );
  const shown = sort ? rows : sortRows(rows, columns, ownSort);
  return (
    <Table
      stickyHeader
      stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
      highlightOnHover
      verticalSpacing="xs"
      aria-label={label}
    >
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th style={{ width: '2.5rem' }}>
              <PageCheckbox rows={rows} selection={selection} withLabel={false} />
            </Table.Th>
          )}
          {columns.map((column) => (
            <SortHeader key={column.key} column={column} sort={current} onSort={onSort} />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((row) => (
          <Table.Tr
            key={row.id}
            bg={selection?.selected.has(row.id) ? 'var(--mantine-color-green-light)' : undefined}
          >
            {selection && (
              <Table.Td>
                <Checkbox
                  aria-label={selection.rowLabel(row)}
                  checked={selection.selected.has(row.id)}
                  onChange={(event) => selection.onSelect([row], event.currentTarget.checked)}
                />
              </Table.Td>
            )}
            {columns.map((column) => (
              <Table.Td
                key={column.key}
                style={
                  column.numeric
                    ? { whiteSpace: 'nowrap', textAlign: 'right' }
                    : column.nowrap
                      ? { whiteSpace: 'nowrap' }
                      : undefined
                }
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
