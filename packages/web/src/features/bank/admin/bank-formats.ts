// Private copies of helpers another slice is adding to the contract (`epc-qr.ts`: normalizeIban,
// formatIban, isValidIban; `structured-reference.ts`: formatStructuredReference). The lead switches these
// over to the contract's once both have landed; until then the screens must not wait for them.

/** Upper case, no spaces: how the server stores an IBAN. */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Grouped by 4 as on a bank card: "BE68 5390 0754 7034". */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The IBAN check (ISO 13616): two letters, two check digits, up to 30 letters or digits, and the
 * number with its first four characters moved to the end, letters as 10..35, leaves 1 after mod 97.
 * Computed piece by piece, so no number grows beyond what a double holds exactly.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const character of rearranged) {
    const digits = /\d/.test(character) ? character : String(character.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A Belgian structured reference as people read it: 12 digits → "+++123/4567/89012+++"; anything else as it came. */
export function formatStructuredReference(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 12) return value;
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}
