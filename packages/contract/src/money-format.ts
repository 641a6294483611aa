// Apart from the schemas in money.ts: a screen that only shows amounts must not bring zod into the
// browser's first load (decision 045).
const wholeUnits = new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 });

/**
 * Virtual money as people read it, on screens and in the server's messages alike: "1.234,50 plukgeld"
 * (whole cents, no float arithmetic), a real minus sign "−" below zero.
 */
export function formatVirtualMoney(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? '−' : ''}${wholeUnits.format(whole)},${String(rest).padStart(2, '0')} plukgeld`;
}

/**
 * Euros as people read them, on screens, in e-mails, audit notes and spreadsheets alike: "€ 1.234,50"
 * from integer cents (no float arithmetic), a no-break space after the sign (it never ends a line alone),
 * a real minus sign "−" below zero.
 */
export function formatEuros(cents: number): string {
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? '−' : ''}€\u00a0${wholeUnits.format(whole)},${String(rest).padStart(2, '0')}`;
}

/** A price: "gratis" for 0, else the amount. */
export function formatPrice(cents: number): string {
  return cents === 0 ? 'gratis' : formatVirtualMoney(cents);
}
