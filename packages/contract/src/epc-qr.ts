// The text of an EPC QR code (EPC069-12, "Quick Response Code: guidelines to enable data capture for the
// initiation of a SEPA Credit Transfer", version 002): what a banking app reads when a member scans the
// code to pay the farm. The web turns this text into the QR image.
import { isValidIban, normalizeIban } from './iban.js';
import { parseStructuredReference } from './structured-reference.js';

export interface EpcQrInput {
  /** The beneficiary (the farm), at most 70 characters: a longer name is cut. */
  name: string;
  iban: string;
  /** Optional since version 002 (inside the EEA). */
  bic?: string;
  /** EUR 0.01 to EUR 999 999 999.99. */
  amountCents: number;
  /** A Belgian structured reference in any usual notation; or `text`, never both (the standard's rule). */
  structuredReference?: string;
  /** Unstructured remittance information, at most 140 characters. */
  text?: string;
}

const nameMaxLength = 70;
const textMaxLength = 140;
const largestCents = 99_999_999_999;
/** The standard's limit for the whole payload, so that the code stays readable at its size. */
const payloadMaxBytes = 331;

/** One line of the payload: a line break or a run of spaces inside a field would shift every field after it. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function epcAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > largestCents) {
    throw new Error(
      `An EPC QR amount is 1 to ${largestCents} whole cents (EUR 0.01–999999999.99), not ${amountCents}.`,
    );
  }
  return `EUR${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/**
 * The payload: BCD, version 002, character set 1 (UTF-8), SCT, BIC, name, IBAN, amount, purpose (empty),
 * structured remittance, unstructured remittance; one field a line, and the empty fields at the end left
 * out as the standard allows. A Belgian structured reference goes as its 12 digits into the *structured*
 * field: that is where Belgian banking apps (KBC, Belfius, ING, BNP Paribas Fortis) read an OGM and fill
 * in "gestructureerde mededeling", so the member cannot mistype it.
 */
export function epcQrPayload(input: EpcQrInput): string {
  const name = [...oneLine(input.name)].slice(0, nameMaxLength).join('');
  if (!name) throw new Error('An EPC QR code needs the name of the beneficiary.');
  if (!isValidIban(input.iban)) throw new Error(`"${input.iban}" is not a valid IBAN.`);
  const bic = (input.bic ?? '').replace(/\s+/g, '').toUpperCase();
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic))
    throw new Error(`"${input.bic}" is not a BIC.`);

  let reference = '';
  if (input.structuredReference !== undefined && input.structuredReference.trim() !== '') {
    const digits = parseStructuredReference(input.structuredReference);
    if (!digits) throw new Error(`"${input.structuredReference}" is not a valid structured reference.`);
    reference = digits;
  }
  const text = oneLine(input.text ?? '');
  if (reference && text) throw new Error('An EPC QR code has a structured reference or a text, not both.');
  if ([...text].length > textMaxLength)
    throw new Error(`An EPC QR text has at most ${textMaxLength} characters.`);

  const fields = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic,
    name,
    normalizeIban(input.iban),
    epcAmount(input.amountCents),
  ];
  fields.push('', reference, text);
  const payload = fields.join('\n').replace(/\n+$/, '');
  if (utf8Length(payload) > payloadMaxBytes) {
    throw new Error(`An EPC QR payload has at most ${payloadMaxBytes} bytes; shorten the name or the text.`);
  }
  return payload;
}
