import { parseEuros } from '../../../lib/euros';

/**
 * An amount as the manager types it, in cents: "125,50", "125", "€ 1.234,50" (as Pluk shows amounts,
 * thousands dots and all). Null when it is not an amount in euro with at most two decimals. Exact:
 * the digits are counted, never multiplied as a float.
 */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/^€/, '').replace(/\s/g, '');
  // "1.234,50" or "1.234": dots that group thousands, not a decimal point.
  const grouped = /^\d{1,3}(\.\d{3})+(,\d{0,2})?$/.test(trimmed) ? trimmed.replace(/\./g, '') : trimmed;
  return parseEuros(grouped);
}

/** Cents as the manager types them back: 12550 → "125,50". */
export function amountText(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
