import { formatStructuredReference } from '@pluk/contract';

/** Texts the online payment writes: Mollie's payment description. */

/** Mollie shows at most 255 characters of a description. */
const descriptionMax = 255;

/**
 * What the payer sees at Mollie and on their statement: "De Plukhoeve: Abonnement 2026 +++…+++". The
 * reference is kept whole when the text must be shortened: it is what a manager searches for.
 */
export function molliePaymentDescription(farmName: string, description: string, reference: string): string {
  const tail = ` ${formatStructuredReference(reference)}`;
  const head = `${farmName}: ${description}`;
  const room = descriptionMax - tail.length;
  return `${head.length > room ? `${head.slice(0, room - 1)}…` : head}${tail}`;
}
