import { formatVirtualMoney } from '@pluk/contract';

/**
 * Virtual money on screen (ADR 058): the API speaks integer cents; people read "12,50 plukgeld" and
 * "gratis" for nothing. The formatter itself lives in the contract, so the server's messages write
 * amounts the same way.
 */
export { formatPrice, formatVirtualMoney } from '@pluk/contract';
/** A signed movement: "+ 5,00 plukgeld" / "− 2,50 plukgeld" (a real minus sign, read out as "min"). */
export function formatMovement(cents: number): string {
  return `${cents < 0 ? '−' : '+'} ${formatVirtualMoney(Math.abs(cents))}`;
}

/** What a person types ("2,5", "2.50", "3") as cents; null when it is not an amount with at most 2 decimals. */
export function parseVirtualMoney(text: string): number | null {
  const normalized = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 100);
}
