/**
 * Belgian structured communication (OGM/VCS, `+++123/4567/89012+++`): 10 digits and their mod-97 check
 * (97 when the remainder is 0). The full version with parsing comes with the bank-file slice.
 */
export function structuredReferenceFromNumber(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 9_999_999_999) throw new Error(`No structured reference for ${n}`);
  const base = String(n).padStart(10, '0');
  const check = n % 97 === 0 ? 97 : n % 97;
  return `${base}${String(check).padStart(2, '0')}`;
}
