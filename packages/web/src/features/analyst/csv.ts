import type { ChartUnit } from './views';

export interface CsvColumn {
  key: string;
  label: string;
}

/** A number as a cell: money (cents) with two decimals and a decimal comma, counts as they are. */
export function cellOf(value: number, unit: ChartUnit): string {
  if (unit === 'count') return String(value);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

const quoted = (text: string) => (/[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * The numbers of one chart as CSV for a Belgian spreadsheet: `;` between cells, a decimal comma, a
 * byte-order mark so accents survive, CRLF line ends. The first column is the bucket's first day.
 */
export function chartCsv(
  periodLabel: string,
  columns: CsvColumn[],
  rows: { start: string; values: Record<string, number> }[],
  unit: ChartUnit,
): string {
  const header = [periodLabel, ...columns.map((column) => column.label)].map(quoted).join(';');
  const lines = rows.map((row) =>
    [row.start, ...columns.map((column) => cellOf(row.values[column.key] ?? 0, unit))].join(';'),
  );
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}
