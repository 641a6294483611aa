import { saveBlob } from './save-blob';

/**
 * A cell a spreadsheet cannot take for a formula (ADR 077 point 13): text that starts like a formula
 * gets an apostrophe first; quotes are doubled and the cell quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * Rows as a CSV file for a spreadsheet: semicolons and a byte order mark, how Belgian Excel opens it
 * (ADR 096: every list's selection is exported the same way).
 */
export function csvText(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** An amount in cents as a spreadsheet reads it in Belgium: "12,50". */
export function csvEuros(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** Hands the CSV text to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
