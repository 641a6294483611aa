/** Euros as people read them ("€ 1.234,50"): one formatter for the whole app, in the contract. */
export { formatEuros } from '@pluk/contract';

/** What a person types ("12,5", "12.50", "€ 12") as cents; null when it is not an amount with at most 2 decimals. */
export function parseEuros(text: string): number | null {
  const normalized = text.trim().replace(/^€/, '').replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(normalized)) return null;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a person reads and types them in a price field: 6250 → "62,50", 12000 → "120". */
export function euroInputText(cents: number): string {
  const rest = cents % 100;
  return rest === 0 ? String(cents / 100) : `${Math.floor(cents / 100)},${String(rest).padStart(2, '0')}`;
}
