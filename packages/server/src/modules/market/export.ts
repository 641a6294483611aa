import ExcelJS from 'exceljs';
import type { ReservationStatus } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { offerTakers } from './offers.js';
import { reservationStatusLabel } from './presenter.js';

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name of an offer's takers' spreadsheet. */
export const takersFileName = (productId: number) => `aanbod-${productId}-afnemers.xlsx`;

/**
 * The takers of an offer as a spreadsheet (.xlsx): one row per reservation, in the order they were
 * made, with the columns naam, e-mail, telefoon, hoeveelheid, totaal (plukgeld), status, datum.
 */
export async function takersSpreadsheet(db: Database, appId: string, productId: number): Promise<Buffer> {
  const takers = await offerTakers(db, appId, productId);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pluk';
  const sheet = workbook.addWorksheet('Afnemers');
  sheet.columns = [
    { header: 'naam', key: 'naam', width: 28 },
    { header: 'e-mail', key: 'email', width: 32 },
    { header: 'telefoon', key: 'telefoon', width: 16 },
    { header: 'hoeveelheid', key: 'hoeveelheid', width: 12 },
    { header: 'totaal', key: 'totaal', width: 12, style: { numFmt: '0.00' } },
    { header: 'status', key: 'status', width: 14 },
    { header: 'datum', key: 'datum', width: 20, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const taker of takers) {
    sheet.addRow({
      naam: `${taker.taker.firstName} ${taker.taker.lastName}`.trim(),
      email: taker.email,
      telefoon: taker.phone,
      hoeveelheid: taker.quantity,
      totaal: taker.totalCents / 100,
      status: reservationStatusLabel[taker.status as ReservationStatus],
      datum: new Date(taker.createdAt),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
