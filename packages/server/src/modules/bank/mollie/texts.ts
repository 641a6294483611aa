/** Texts the online payment writes: Mollie's payment description and the audit's notes. */

/** Integer cents in Dutch: 123450 → "€ 1.234,50" (as the web app's `euros.ts`). */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const euros = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}€ ${euros},${digits.slice(-2)}`;
}

/**
 * `+++123/4567/89012+++` from the 12 digits. A private copy until the contract's
 * `formatStructuredReference` lands (another slice adds it); then this one goes.
 */
export function formatReference(digits: string): string {
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/** Mollie shows at most 255 characters of a description. */
const descriptionMax = 255;

/**
 * What the payer sees at Mollie and on their statement: "De Plukhoeve: Abonnement 2026 +++…+++". The
 * reference is kept whole when the text must be shortened: it is what a manager searches for.
 */
export function molliePaymentDescription(farmName: string, description: string, reference: string): string {
  const tail = ` ${formatReference(reference)}`;
  const head = `${farmName}: ${description}`;
  const room = descriptionMax - tail.length;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head}${tail}`;
}
