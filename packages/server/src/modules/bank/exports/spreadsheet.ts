import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { farmTimeZone } from '../../harvest-year.js';

export const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Euros from cents, shown as "€ 1.234,50" by a Dutch Excel or LibreOffice. */
export const euroFormat = '"€" #,##0.00';
export const dayFormat = 'dd/mm/yyyy';
export const momentFormat = 'dd/mm/yyyy hh:mm';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  style?: Partial<ExcelJS.Style>;
}

/** A sheet of `workbook` with its Dutch header row in bold, kept in view while scrolling. */
export function addSheet(workbook: ExcelJS.Workbook, name: string, columns: readonly SheetColumn[]) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return sheet;
}

/** A workbook made by Pluk. */
export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Pluk';
  return workbook;
}

/** A workbook with one sheet, its Dutch header row in bold. */
export function newSheet(name: string, columns: readonly SheetColumn[]) {
  const workbook = newWorkbook();
  return { workbook, sheet: addSheet(workbook, name, columns) };
}

export async function xlsxBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Text that people typed (names, descriptions, e-mail addresses), safe in a spreadsheet: ExcelJS writes
 * it as a string cell, never a formula, and a value that a spreadsheet would read as a formula once the
 * file is saved as CSV or the cell is edited (`=`, `+`, `-`, `@`, a tab or carriage return first) gets
 * a leading apostrophe (OWASP's CSV injection advice). Digits with `+ - . / ( )` and spaces only (a
 * phone number "+32 470 12 34 56", a reference "+++090/9337/55493+++") call no function and stay as
 * they are.
 */
export function safeText(value: string | null | undefined): string {
  const text = value ?? '';
  const formulaLike = /^[=+\-@\t\r]/.test(text) && !/^[\d\s+\-./()]+$/.test(text);
  return formulaLike ? `'${text}` : text;
}

/** euros as a number from integer cents (exact to the cent in a double). */
export const euros = (cents: number) => cents / 100;

/** A calendar day `YYYY-MM-DD` as the date cell of that day (ExcelJS writes dates as UTC). */
export function dayCell(day: string | null): Date | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: farmTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as the date-time cell of the farm's clock (a spreadsheet has no time zones). */
export function momentCell(moment: Date | string | null): Date | null {
  if (moment === null) return null;
  const parts = Object.fromEntries(
    wallClock.formatToParts(new Date(moment)).map((part) => [part.type, Number(part.value)]),
  );
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!));
}

/** Sends a spreadsheet as a download that no cache keeps. */
export function sendSpreadsheet(reply: FastifyReply, fileName: string, data: Buffer) {
  return reply
    .type(xlsxType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(data);
}
