// One shape for every bank statement file the farm uploads (CODA, CAMT.053): the import and the matching
// of payments read only this, never the file format.

export interface StatementLine {
  /**
   * Stable key of this line across re-imports of the same or an overlapping file of the same format
   * (decision 076): CODA account + statement + movement numbers; CAMT.053 the bank's own reference
   * (AcctSvcrRef, else NtryRef), else a hash of the fields.
   */
  lineKey: string;
  /** YYYY-MM-DD: the day the bank booked it. */
  bookingDate: string;
  /** Integer; positive = credit (money in), negative = debit. */
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** 12 digits when the line carries a valid Belgian structured reference, else null. */
  structuredReference: string | null;
  /** The free communication as written (runs of spaces made one), when any. */
  communication: string | null;
}

export interface ParsedStatement {
  format: 'coda' | 'camt053';
  /** The farm's account the statement is of; null when the file names it only in another form. */
  accountIban: string | null;
  lines: StatementLine[];
}

/** A file that cannot be read as a statement; the message (Dutch) is for the person who uploaded it. */
export class StatementParseError extends Error {
  override name = 'StatementParseError';
}

/** Far above a year of a farm's daily statements, far below what would strain the server. */
export const statementLimits = { maxBytes: 5 * 1024 * 1024, maxLines: 20_000 } as const;
