import type { ReactNode } from 'react';

/** One column of a `DataTable`. */
export interface Column<T> {
  /** Unique per table; the sort state names it. */
  key: string;
  /** The header text (also the sort button's name). */
  label: string;
  cell: (row: T) => ReactNode;
  /**
   * How two rows compare for this column (the loaded rows are sorted in the browser), or `true` when the
   * server sorts (the table only says which column and direction). Without it the column does not sort.
   */
  sort?: ((a: T, b: T) => number) | true;
  /** Right-aligned and never wrapped (amounts, counts). */
  numeric?: boolean;
  /** Never wrapped (dates). */
  nowrap?: boolean;
}

export interface SortState {
  column: string;
  ascending: boolean;
}

/** The next sort state after a click on `column`: ascending first, then the other way round. */
export function nextSort(current: SortState | null, column: string): SortState {
  return current?.column === column ? { column, ascending: !current.ascending } : { column, ascending: true };
}

/**
 * The rows in the chosen order (the loaded rows, 25–100; the server's order when none is chosen). Ties
 * keep a stable order: the newest id first, as the lists list them.
 */
export function sortRows<T extends { id: number }>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  sort: SortState | null,
): T[] {
  const by = sort ? columns.find((column) => column.key === sort.column)?.sort : undefined;
  if (!sort || typeof by !== 'function') return [...rows];
  return [...rows].sort((a, b) => (sort.ascending ? by(a, b) : by(b, a)) || b.id - a.id);
}

/** Text that sorts as people read it in Dutch ("Één" with "Een", case aside). */
export const byText =
  <T>(of: (row: T) => string) =>
  (a: T, b: T) =>
    of(a).localeCompare(of(b), 'nl', { sensitivity: 'base' });

export const byNumber =
  <T>(of: (row: T) => number) =>
  (a: T, b: T) =>
    of(a) - of(b);
