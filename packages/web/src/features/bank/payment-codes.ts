/**
 * How a transfer's details are written for people and for banking apps. A private copy of what
 * `packages/contract/src/structured-reference.ts` and `epc-qr.ts` get on another branch
 * (`formatStructuredReference`, `formatIban`, `epcQrPayload`): the lead switches these imports over
 * once that lands. Plain functions without zod, so they cost the payment page nothing extra.
 */

/** `123456789012` → `+++123/4567/89012+++`; anything that is not 12 digits is shown as it came. */
export function formatStructuredReference(digits: string): string {
  if (!/^\d{12}$/.test(digits)) return digits;
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

/** `BE68539007547034` → `BE68 5390 0754 7034`: groups of four, as on a bank card. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** Upper case without spaces: how an IBAN is stored and how a banking app reads it. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Cents as the EPC QR code writes an amount: `EUR12.50` (a point, always two decimals). */
export function epcAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 1 || cents > 99_999_999_999) {
    throw new Error(`No EPC amount for ${cents} cents`);
  }
  return `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface EpcTransfer {
  /** The account holder, as the bank should show it; cut to the 70 characters the standard allows. */
  name: string;
  iban: string;
  /** Optional in version 002 of the standard (within the SEPA area). */
  bic?: string | null;
  amountCents: number;
  /** The 12 digits of the Belgian structured reference, without `+++` and slashes. */
  structuredReference: string;
}

/**
 * The text of a SEPA credit transfer QR code (European Payments Council, EPC069-12, version 002),
 * which banking apps scan to fill in a transfer: service tag, version, character set (1 = UTF-8),
 * identification, BIC (may be empty), name, IBAN, amount, purpose (empty) and the structured reference
 * in the "structured remittance" field. The free-text field that would follow stays out: only one of
 * the two may be used, and the last element used ends the text (no separator after it). The QR code
 * itself must be drawn with error correction level M.
 */
export function epcQrPayload(transfer: EpcTransfer): string {
  const name = transfer.name.replace(/\s+/g, ' ').trim().slice(0, 70);
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    (transfer.bic ?? '').trim().toUpperCase(),
    name,
    normalizeIban(transfer.iban),
    epcAmount(transfer.amountCents),
    '',
    transfer.structuredReference.replace(/\D/g, ''),
  ].join('\n');
}
