const wholeUnits = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 });

/**
 * Euros as people read them: "€ 1.234,50" from integer cents (no float arithmetic), a no-break space
 * after the sign (it never ends a line alone), a real minus sign "−" below zero. Subscription prices and what they bring in (decision 074); virtual money has its
 * own formatter (`virtual-money.ts`).
 */
export function formatEuros(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? '−' : ''}€\u00a0${wholeUnits.format(whole)},${String(rest).padStart(2, '0')}`;
}

/** What a person types ("12,5", "12.50", "€ 12") as cents; null when it is not an amount with at most 2 decimals. */
export function parseEuros(text: string): number | null {
  const normalized = text.trim().replace(/^€/, '').replace(/\s/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(normalized)) return null;
  const [whole = '0', fraction = ''] = normalized.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
