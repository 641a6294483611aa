/**
 * `+++123/4567/89012+++` from the 12 digits the API sends. A private copy until the contract's
 * `formatStructuredReference` (bank-file slice) lands; then this file goes and its callers import that.
 * Anything that is not 12 digits is shown as it came.
 */
export function formatReference(digits: string): string {
  if (!/^\d{12}$/.test(digits)) return digits;
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}
