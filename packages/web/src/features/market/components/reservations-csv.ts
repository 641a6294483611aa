import type { ManagerReservation, ReservationStatus } from '@pluk/contract';
import { csvEuros, csvText, downloadCsv } from '../../../lib/csv';
import { fullName } from './offer-format';

/**
 * Downloads the chosen reservations as CSV (ADR 096): taker, offer, owner, quantity, unit, total in
 * plukgeld, status, reserved on, handled on.
 */
export function reservationsCsv(
  rows: ManagerReservation[],
  header: string[],
  statusLabel: (status: ReservationStatus) => string,
): void {
  downloadCsv(
    'selectie-reservaties.csv',
    csvText(
      header,
      rows.map((row) => [
        fullName(row.taker),
        row.offer.title,
        fullName(row.offer.owner),
        String(row.quantity),
        row.offer.unit,
        csvEuros(row.totalCents),
        statusLabel(row.status),
        row.createdAt.slice(0, 10),
        row.handledAt ? row.handledAt.slice(0, 10) : '',
      ]),
    ),
  );
}
