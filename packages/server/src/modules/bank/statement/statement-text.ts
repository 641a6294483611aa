// Small readers shared by the CODA and CAMT.053 parsers.
import { isValidIban, normalizeIban, parseStructuredReference } from '@pluk/contract';

/**
 * The file's text: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Latin-1 with € and the
 * quotes), the encoding Belgian banks write CODA in. A byte order mark is dropped.
 */
export function decodeStatementBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** Trimmed, runs of white space made one space (fixed-width fields pad with spaces); null when empty. */
export function cleanText(text: string | null | undefined): string | null {
  const cleaned = (text ?? '').replace(/\s+/g, ' ').trim();
  return cleaned === '' ? null : cleaned;
}

/** The normalized IBAN when the text is a valid one, else null (an old account number, "NOTPROVIDED"). */
export function ibanOrNull(text: string | null | undefined): string | null {
  const candidate = (text ?? '').trim();
  return candidate !== '' && isValidIban(candidate) ? normalizeIban(candidate) : null;
}

// A structured reference typed into the free communication: framed (+++…+++, ***…***) or in its 3/4/5
// grouping. Bare runs of 12 digits are left alone: an order or phone number passes mod 97 once in 97.
const referenceInText =
  /(\+{3}|\*{3})\s*\d{3}\s*\/?\s*\d{4}\s*\/?\s*\d{5}\s*\1|(?<!\d)\d{3}\s*\/\s*\d{4}\s*\/\s*\d{5}(?!\d)/g;

/** The 12 digits of the first valid structured reference written in a free communication, else null. */
export function structuredReferenceInText(text: string | null): string | null {
  if (!text) return null;
  for (const match of text.matchAll(referenceInText)) {
    const digits = parseStructuredReference(match[0]);
    if (digits) return digits;
  }
  return null;
}

/** A Belgian IBAN from an old 12-digit Belgian account number (its own check: first 10 mod 97). */
export function belgianIbanFromAccountNumber(accountNumber: string): string | null {
  if (!/^\d{12}$/.test(accountNumber) || parseStructuredReference(accountNumber) === null) return null;
  // ISO 13616: the check digits make "<account>BE00" (B = 11, E = 14) 1 mod 97.
  const check = 98 - Number(BigInt(`${accountNumber}111400`) % 97n);
  return `BE${String(check).padStart(2, '0')}${accountNumber}`;
}
