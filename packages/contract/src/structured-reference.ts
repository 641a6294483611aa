// The Belgian structured communication ("gestructureerde mededeling", OGM/VCS; Febelfin): ten digits and
// two check digits, written +++123/4567/89012+++. The check is the ten digits mod 97, with 97 for a rest
// of 0 (the same check as an old Belgian account number). Shared by the server (statement matching) and
// the web (showing what to type), so it has no dependencies.

const largestBase = 9_999_999_999;

/** The two check digits of a ten-digit base. Ten digits stay below 2^53, so plain arithmetic is exact. */
function checkDigits(base: string): string {
  const rest = Number(base) % 97;
  return String(rest === 0 ? 97 : rest).padStart(2, '0');
}

/** The 12 digits of the structured reference for a number from 1 to 9 999 999 999 (zero-padded base). */
export function structuredReferenceFromNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > largestBase) {
    throw new RangeError(`A structured reference is made from a whole number 1–${largestBase}, not ${n}.`);
  }
  const base = String(n).padStart(10, '0');
  return base + checkDigits(base);
}

/** The 12 digits as people write them: +++123/4567/89012+++. */
export function formatStructuredReference(digits12: string): string {
  if (!/^\d{12}$/.test(digits12)) throw new Error(`A structured reference has 12 digits, not "${digits12}".`);
  return `+++${digits12.slice(0, 3)}/${digits12.slice(3, 7)}/${digits12.slice(7)}+++`;
}

// +++…+++ or ***…*** (or no frame), and between them only digits, slashes and spaces: people and banks
// write "+++ 123 / 4567 / 89012 +++", "123/4567/89012" or the bare digits.
const framed = /^(\+{3}|\*{3})?([\d/\s]+?)(\+{3}|\*{3})?$/;

/**
 * The 12 digits of a structured reference written in any of the usual ways, or null when the text is
 * not one or its check digits are wrong (a typing error that would otherwise match nothing, or the
 * wrong payment).
 */
export function parseStructuredReference(text: string): string | null {
  const match = framed.exec(text.trim());
  if (!match) return null;
  const [, open, body = '', close] = match;
  if (open !== close) return null; // "+++…***" or a frame on one side only is not a reference
  const digits = body.replace(/[/\s]/g, '');
  if (!/^\d{12}$/.test(digits)) return null;
  return checkDigits(digits.slice(0, 10)) === digits.slice(10) ? digits : null;
}

/** Whether the text is a structured reference with correct check digits. */
export function isValidStructuredReference(text: string): boolean {
  return parseStructuredReference(text) !== null;
}
