// IBAN (ISO 13616): two letters of the country, two check digits, then the account (BBAN). Valid when
// the whole, rearranged and read as a number, is 1 mod 97; shared by the server and the web.

// Lengths from the SWIFT IBAN registry for the SEPA countries: a known country with the wrong length is
// refused even when a dropped and an added character happen to keep mod 97 (any other: 15–34).
const lengthByCountry: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18,
  FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
  VA: 22,
}; // prettier-ignore

/** The IBAN without spaces, in capitals: how it is stored and compared. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** The rest of the rearranged IBAN (country and check digits moved to the end, A = 10 … Z = 35) mod 97. */
function ibanRest(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    // One digit or two at a time keeps the running rest far below 2^53.
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return rest;
}

/** Whether the text (spaces and small letters allowed) is an IBAN with correct check digits. */
export function isValidIban(iban: string): boolean {
  const normalized = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(normalized)) return false;
  const length = lengthByCountry[normalized.slice(0, 2)];
  if (length !== undefined && normalized.length !== length) return false;
  return ibanRest(normalized) === 1;
}

/** The IBAN as printed: capitals in groups of four, "BE71 0961 2345 6769". */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}
