import type { StatementLineOutcome } from '@pluk/contract';
import type { Transaction } from '../../../db/client.js';
import { formatDay, formatEuros } from '../../../mail/payment-templates.js';
import { farmTimeZone } from '../../harvest-year.js';
import {
  closeTransaction,
  lockTransaction,
  recordTransactionEvent,
  type BankTransactionRow,
} from '../status-change.js';

/** What a line of a statement says about one payment, as stored (`bank_import_lines`). */
export interface PaymentLine {
  bookingDate: string;
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
}

/** Money in, in euros: only that can pay a transaction (a zero line is no payment either). */
export function isEuroCredit(line: Pick<PaymentLine, 'amountCents' | 'currency'>): boolean {
  return line.amountCents > 0 && line.currency === 'EUR';
}

const wallClockHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: farmTimeZone,
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * Noon of a booking day on the farm's clock: a statement gives the day, not the hour, and noon keeps the
 * day the same in every time zone a screen may show it in. Belgium is UTC+1 or +2; daylight saving
 * switches at night, so the offset at 12:00 UTC is the offset at noon.
 */
export function bookingNoon(day: string): Date {
  const utcNoon = new Date(`${day}T12:00:00Z`);
  const hourThere = Number(wallClockHour.format(utcNoon));
  return new Date(utcNoon.getTime() - (hourThere - 12) * 3_600_000);
}

/** "Bankbestand mei.cod, 12/05/2026, An Peeters, € 120,00": the line in the transaction's audit. */
export function describeLine(fileName: string, line: PaymentLine): string {
  const who = line.counterpartyName ?? line.counterpartyIban;
  return [`Bankbestand ${fileName}`, formatDay(line.bookingDate), who, formatEuros(line.amountCents)]
    .filter((part) => part !== null)
    .join(', ');
}

export interface Settled {
  outcome: Extract<StatementLineOutcome, 'paid' | 'partial' | 'overpaid' | 'already-paid' | 'unmatched'>;
  /** Null when the transaction is gone (deleted since it was looked up). */
  transactionId: number | null;
}

/**
 * What a credit line with this farm's structured reference does to its transaction, decided under the
 * transaction's row lock (so a concurrent import, webhook or manager sees the result): the exact amount
 * of an open one pays it (transfer, no actor: the bank file); less or more is flagged on the transaction
 * (`payment-flagged`) and leaves it open; a paid or cancelled one is left alone (`already-paid`).
 */
export async function settleLine(
  tx: Transaction,
  appId: string,
  line: PaymentLine,
  transactionId: number,
  fileName: string,
): Promise<Settled> {
  const row: BankTransactionRow | undefined = await lockTransaction(tx, appId, transactionId);
  if (!row) return { outcome: 'unmatched', transactionId: null };
  if (row.status !== 'open') return { outcome: 'already-paid', transactionId };
  const detail = describeLine(fileName, line);
  if (line.amountCents === row.amountCents) {
    const { changed } = await closeTransaction(tx, appId, transactionId, {
      to: 'paid',
      via: 'transfer',
      paidAt: bookingNoon(line.bookingDate),
      actor: null,
      detail,
    });
    return { outcome: changed ? 'paid' : 'already-paid', transactionId };
  }
  const outcome = line.amountCents < row.amountCents ? 'partial' : 'overpaid';
  await recordTransactionEvent(tx, appId, {
    transactionId,
    kind: 'payment-flagged',
    fromStatus: 'open',
    toStatus: 'open',
    paidVia: 'transfer',
    amountCents: line.amountCents,
    actor: null,
    detail: `${detail}: ${outcome === 'partial' ? 'te weinig' : 'te veel'}, gevraagd ${formatEuros(row.amountCents)}`,
  });
  return { outcome, transactionId };
}
