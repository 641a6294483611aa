import { inflateRawSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { harvestLimits } from '@pluk/contract';
import { HttpError } from './http-error.js';
import { readUploadedFile, type UploadedFile } from './uploaded-file.js';

/**
 * Reading an uploaded spreadsheet safely, shared by every import (crops: decision 074; members: decision
 * 097): .xlsx or .csv. A file that cannot be read safely is refused as a whole (IMPORT_FILE_REFUSED):
 * formulas, a cell over `importCellMaxChars`, more than `importMaxRows` rows, and an .xlsx whose zip holds
 * too many entries or inflates beyond `importMaxUncompressedBytes` — checked by inflating each entry with a
 * bounded output before ExcelJS sees the file, so a zip bomb costs at most that much.
 */

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
export const refused = (message: string) => new HttpError(400, 'IMPORT_FILE_REFUSED', message);

export type ImportFile = UploadedFile;

/** Reads the one file of the import form (field `file`), at most `importMaxBytes`. */
export async function readImportFile(request: FastifyRequest): Promise<ImportFile> {
  return readUploadedFile(request, {
    maxBytes: harvestLimits.importMaxBytes,
    tooLarge: () =>
      new HttpError(
        413,
        'FILE_TOO_LARGE',
        `Het bestand is te groot: hoogstens ${megabytes(harvestLimits.importMaxBytes)} MB.`,
      ),
    chooseFile: 'Kies een .xlsx- of .csv-bestand.',
  });
}

// ---------------------------------------------------------------------------------------------------------
// The zip of an .xlsx, checked before it is parsed

/** Refuses a zip with too many entries or more than the allowed uncompressed bytes (really inflated). */
export function assertSafeZip(data: Buffer, headers: readonly string[] = []): void {
  const bomb = refused(
    `Dit bestand pakt uit tot meer dan ${megabytes(harvestLimits.importMaxUncompressedBytes)} MB of bevat te veel onderdelen; het wordt niet ingelezen.`,
  );
  const broken = refused('Dit .xlsx-bestand is beschadigd en kan niet gelezen worden.');
  const eocdMin = 22;
  let eocd = -1;
  for (let i = data.length - eocdMin; i >= Math.max(0, data.length - eocdMin - 65535); i -= 1) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken;
  const entries = data.readUInt16LE(eocd + 10);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw bomb; // zip64: never an ordinary sheet
  if (entries > harvestLimits.importMaxZipEntries) throw bomb;
  let offset = directoryOffset;
  let budget = harvestLimits.importMaxUncompressedBytes;
  for (let n = 0; n < entries; n += 1) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) throw broken;
    const method = data.readUInt16LE(offset + 10);
    const compressedSize = data.readUInt32LE(offset + 20);
    const declaredSize = data.readUInt32LE(offset + 24);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const localOffset = data.readUInt32LE(offset + 42);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (declaredSize > budget) throw bomb;
    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== 0x04034b50) throw broken;
    const start =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const end = start + compressedSize;
    if (end > data.length) throw broken;
    let content: Buffer;
    if (method === 0) content = data.subarray(start, end);
    else if (method === 8) {
      try {
        content = inflateRawSync(data.subarray(start, end), { maxOutputLength: budget + 1 });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw bomb;
        throw broken;
      }
    } else throw broken;
    if (content.length > budget) throw bomb;
    assertSheetSize(name, content, headers);
    budget -= content.length;
  }
}

/** Most columns a row may hold (an import reads at most 11); beyond it the sheet is not an import list. */
const maxCellsPerRow = 30;

/**
 * Counts the rows and cells of each worksheet in its XML before ExcelJS builds its model of them (which
 * costs far more memory than the XML): more than `importMaxRows` rows or `maxCellsPerRow` cells a row on
 * average is refused while it is still text.
 */
function assertSheetSize(name: string, xml: Buffer, headers: readonly string[]): void {
  if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return;
  const text = xml.toString('latin1');
  const rows = (text.match(/<(?:\w+:)?row[\s>/]/g) ?? []).length;
  const cells = (text.match(/<(?:\w+:)?c[\s>/]/g) ?? []).length;
  if (rows > harvestLimits.importMaxRows + 1) throw tooManyRows();
  if (cells > (harvestLimits.importMaxRows + 1) * maxCellsPerRow) {
    throw refused(
      `Het bestand heeft te veel cellen (meer dan ${maxCellsPerRow} kolommen per rij); houd alleen de kolommen ${headers.join(', ')} over.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Reading the sheet into rows of text

const columnLetter = (index: number) => {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
};

const hugeCell = (row: number, column: number) =>
  refused(
    `Rij ${row}, kolom ${columnLetter(column)}: deze cel is langer dan ${harvestLimits.importCellMaxChars} tekens; het bestand wordt niet ingelezen.`,
  );
const formulaCell = (row: number, column: number) =>
  refused(
    `Rij ${row}, kolom ${columnLetter(column)}: deze cel bevat een formule. Formules worden niet aanvaard: plak de waarden in plaats van de formules.`,
  );
const tooManyRows = () =>
  refused(
    `Het bestand heeft meer dan ${harvestLimits.importMaxRows} rijen; splits het in kleinere bestanden.`,
  );

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'ja' : 'nee';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return '';
  }
  return '';
}

async function xlsxRows(data: Buffer, headers: readonly string[]): Promise<string[][]> {
  assertSafeZip(data, headers);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw refused(
      'Dit .xlsx-bestand kan niet gelezen worden. Bewaar het opnieuw als Excel-werkmap (.xlsx) of als .csv.',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > harvestLimits.importMaxRows + 1) throw tooManyRows();
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
      const value = cell.value;
      if (
        cell.type === ExcelJS.ValueType.Formula ||
        (typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value))
      ) {
        throw formulaCell(rowNumber, columnNumber - 1);
      }
      const text = cellText(value);
      if (text.length > harvestLimits.importCellMaxChars) throw hugeCell(rowNumber, columnNumber - 1);
      cells[columnNumber - 1] = text;
    });
    rows[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

/** RFC 4180 CSV with `;` or `,` (whichever the header row uses more), quotes doubled inside quotes. */
function csvRows(data: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw refused('Dit bestand is geen tekst: kies een .xlsx- of .csv-bestand.');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g) ?? []).length >= (firstLine.match(/,/g) ?? []).length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    if (cell.length > harvestLimits.importCellMaxChars) throw hugeCell(rows.length + 1, row.length);
    if (/^\s*=/.test(cell)) throw formulaCell(rows.length + 1, row.length);
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
    if (rows.length > harvestLimits.importMaxRows + 1) throw tooManyRows();
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += c;
      if (cell.length > harvestLimits.importCellMaxChars) throw hugeCell(rows.length + 1, row.length);
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      cell += c;
      if (cell.length > harvestLimits.importCellMaxChars) throw hugeCell(rows.length + 1, row.length);
    }
  }
  if (quoted)
    throw refused('Het bestand eindigt midden in een cel tussen aanhalingstekens ("): het is onvolledig.');
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/**
 * The file's rows of text: an .xlsx by its zip signature, else a .csv by its name. `headers` are the
 * columns the import reads, named when a sheet is refused for holding too many.
 */
export async function sheetRows(file: ImportFile, headers: readonly string[]): Promise<string[][]> {
  const isZip = file.data.length >= 4 && file.data.readUInt32LE(0) === 0x04034b50;
  if (isZip) return xlsxRows(file.data, headers);
  if (/\.(csv|txt)$/i.test(file.fileName)) return csvRows(file.data);
  throw refused('Kies een .xlsx- of .csv-bestand.');
}
