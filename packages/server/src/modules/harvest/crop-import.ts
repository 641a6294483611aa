import { inflateRawSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cropImportColumns,
  harvestLimits,
  type CropImportError,
  type CropImportPreview,
  type CropImportResult,
  type CropImportRow,
} from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { cropFields, crops, fields, importBatchItems, importBatches } from '../../db/schema/index.js';
import { importProgress, type Reporter } from '../../lib/import-progress.js';
import { fieldIdsOf, type PreviousCrop } from './crop-import-batches.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { readUploadedFile, type UploadedFile } from '../../lib/uploaded-file.js';
import { controlCharacterMessage, hasControlCharacter } from '../../lib/control-characters.js';

type Db = Database | Transaction;

/**
 * The crop spreadsheet import (decision 074): .xlsx or .csv, first row the Dutch headers of
 * `cropImportColumns`. A file that cannot be read safely is refused as a whole (IMPORT_FILE_REFUSED):
 * formulas, a cell over `importCellMaxChars`, more than `importMaxRows` rows, and an .xlsx whose zip
 * holds too many entries or inflates beyond `importMaxUncompressedBytes` — checked by inflating each
 * entry with a bounded output before ExcelJS sees the file, so a zip bomb costs at most that much.
 */

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const refused = (message: string) => new HttpError(400, 'IMPORT_FILE_REFUSED', message);

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
export function assertSafeZip(data: Buffer): void {
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
    assertSheetSize(name, content);
    budget -= content.length;
  }
}

/** Most columns a crop sheet's row may hold (7 are read); beyond it the sheet is not a crop list. */
const maxCellsPerRow = 30;

/**
 * Counts the rows and cells of each worksheet in its XML before ExcelJS builds its model of them (which
 * costs far more memory than the XML): more than `importMaxRows` rows or `maxCellsPerRow` cells a row on
 * average is refused while it is still text.
 */
function assertSheetSize(name: string, xml: Buffer): void {
  if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(name)) return;
  const text = xml.toString('latin1');
  const rows = (text.match(/<(?:\w+:)?row[\s>/]/g) ?? []).length;
  const cells = (text.match(/<(?:\w+:)?c[\s>/]/g) ?? []).length;
  if (rows > harvestLimits.importMaxRows + 1) throw tooManyRows();
  if (cells > (harvestLimits.importMaxRows + 1) * maxCellsPerRow) {
    throw refused(
      `Het bestand heeft te veel cellen (meer dan ${maxCellsPerRow} kolommen per rij); houd alleen de kolommen ${cropImportColumns.map((c) => c.header).join(', ')} over.`,
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

async function xlsxRows(data: Buffer): Promise<string[][]> {
  assertSafeZip(data);
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

/** The file's rows of text: an .xlsx by its zip signature, else a .csv by its name. */
export async function sheetRows(file: ImportFile): Promise<string[][]> {
  const isZip = file.data.length >= 4 && file.data.readUInt32LE(0) === 0x04034b50;
  if (isZip) return xlsxRows(file.data);
  if (/\.(csv|txt)$/i.test(file.fileName)) return csvRows(file.data);
  throw refused('Kies een .xlsx- of .csv-bestand.');
}

// ---------------------------------------------------------------------------------------------------------
// Rows → crops

type ColumnKey = (typeof cropImportColumns)[number]['key'];

const yes = new Set(['', 'ja', 'j', 'yes', 'y', 'true', 'waar', '1', 'x', 'actief']);
const no = new Set(['nee', 'n', 'no', 'false', 'onwaar', '0', 'niet actief', 'inactief']);

const textLimits: Record<Exclude<ColumnKey, 'fields' | 'isActive'>, number> = {
  name: harvestLimits.cropNameMax,
  description: harvestLimits.cropDescriptionMax,
  howToHarvest: harvestLimits.howToHarvestMax,
  hint: harvestLimits.hintMax,
  unit: harvestLimits.unitMax,
};

const headerOf = (key: ColumnKey) => cropImportColumns.find((c) => c.key === key)!.header;

/** Every row of the sheet as a crop with its errors, naming row and column (the Dutch header). */
export async function buildRows(db: Db, appId: string, sheet: string[][]): Promise<CropImportRow[]> {
  const header = (sheet[0] ?? []).map((h) => h.trim().toLowerCase());
  const positions = new Map<ColumnKey, number>();
  for (const column of cropImportColumns) {
    const index = header.indexOf(column.header.toLowerCase());
    if (index >= 0) positions.set(column.key, index);
  }
  if (!positions.has('name')) {
    throw refused(
      `Rij 1: de kolom "Naam" ontbreekt. De eerste rij noemt de kolommen: ${cropImportColumns.map((c) => c.header).join(', ')}.`,
    );
  }
  const farm = tenantDb(db, appId);
  const known = new Set(
    (
      await farm
        .select({ name: sql<string>`lower(${crops.name})` })
        .from(crops)
        .where(eq(crops.appId, appId))
    ).map((r) => r.name),
  );
  const fieldNames = new Set(
    (
      await farm
        .select({ name: sql<string>`lower(${fields.name})` })
        .from(fields)
        .where(eq(fields.appId, appId))
    ).map((r) => r.name),
  );
  const seen = new Map<string, number>();
  const rows: CropImportRow[] = [];
  sheet.slice(1).forEach((cells, index) => {
    const rowNumber = index + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const errors: CropImportError[] = [];
    const raw = (key: ColumnKey) => {
      const at = positions.get(key);
      return at === undefined ? '' : (cells[at] ?? '');
    };
    const error = (key: ColumnKey | null, message: string) =>
      errors.push({ row: rowNumber, column: key ? headerOf(key) : null, message });
    const text = (key: Exclude<ColumnKey, 'fields' | 'isActive'>) => {
      const value = raw(key).trim();
      if (value.length > textLimits[key]) error(key, `Hoogstens ${textLimits[key]} tekens.`);
      if (hasControlCharacter(value.replace(/[\r\n\t]/g, ' '))) error(key, controlCharacterMessage);
      return value;
    };
    const name = text('name');
    if (name === '') error('name', 'Vul een naam in.');
    else if (/[\r\n]/.test(name)) error('name', 'De naam is één regel.');
    const hint = text('hint');
    if (/[\r\n]/.test(hint)) error('hint', 'De tip is één regel.');
    const activeText = raw('isActive').trim().toLowerCase();
    if (!yes.has(activeText) && !no.has(activeText)) error('isActive', 'Schrijf ja of nee.');
    const fieldList = raw('fields')
      .split(/[,;\n]/)
      .map((f) => f.trim())
      .filter((f) => f !== '');
    const missing = fieldList.filter((f) => !fieldNames.has(f.toLowerCase()));
    if (missing.length > 0) {
      error(
        'fields',
        `${missing.length === 1 ? 'Dit veld bestaat' : 'Deze velden bestaan'} niet: ${missing.join(', ')}. Maak ${missing.length === 1 ? 'het' : 'ze'} eerst aan.`,
      );
    }
    if (fieldList.length > harvestLimits.fieldsPerCropMax) {
      error('fields', `Hoogstens ${harvestLimits.fieldsPerCropMax} velden.`);
    }
    const lower = name.toLowerCase();
    const earlier = seen.get(lower);
    if (name !== '' && earlier !== undefined) error('name', `Deze naam staat al op rij ${earlier}.`);
    if (name !== '' && earlier === undefined) seen.set(lower, rowNumber);
    rows.push({
      row: rowNumber,
      name,
      description: text('description'),
      howToHarvest: text('howToHarvest'),
      hint,
      unit: text('unit'),
      fieldNames: fieldList,
      isActive: !no.has(activeText),
      action: known.has(lower) ? 'update' : 'create',
      errors,
    });
  });
  return rows;
}

function previewOf(rows: CropImportRow[]): CropImportPreview {
  const errorCount = rows.reduce((sum, r) => sum + r.errors.length, 0);
  return {
    rows,
    creates: rows.filter((r) => r.action === 'create').length,
    updates: rows.filter((r) => r.action === 'update').length,
    errorCount,
    canImport: errorCount === 0 && rows.length > 0,
  };
}

export async function previewImport(
  db: Database,
  appId: string,
  file: ImportFile,
): Promise<CropImportPreview> {
  return previewOf(await buildRows(db, appId, await sheetRows(file)));
}

/** Who imports, and the key the browser asks progress by (decision 094). */
export interface ImportOptions {
  userId: number;
  progressKey?: string;
}

/** Rows written between two progress counts. */
const progressStep = 100;

/**
 * Imports every row in one transaction, or nothing: a crop of the same name (case-insensitive) is updated,
 * the others are created; each row's fields replace the crop's fields. The same transaction records the
 * import as a batch with what each updated crop was before, so it can be undone (decision 094).
 */
export async function confirmImport(
  db: Database,
  appId: string,
  file: ImportFile,
  options: ImportOptions,
): Promise<CropImportResult> {
  const sheet = await sheetRows(file);
  const progress = importProgress.start(appId, options.progressKey, Math.max(0, sheet.length - 1));
  try {
    return await inTransaction(db, (tx) => writeImport(tx, appId, sheet, file.fileName, options, progress));
  } finally {
    progress.finish();
  }
}

async function writeImport(
  tx: Transaction,
  appId: string,
  sheet: string[][],
  fileName: string,
  options: ImportOptions,
  progress: Reporter,
): Promise<CropImportResult> {
  const rows = await buildRows(tx, appId, sheet);
  const errors = rows.flatMap((r) => r.errors);
  if (rows.length === 0) {
    throw new HttpError(400, 'IMPORT_INVALID', 'Het bestand bevat geen gewassen onder de eerste rij.');
  }
  if (errors.length > 0) {
    const first = errors[0]!;
    const fieldsOf = Object.fromEntries(
      errors.slice(0, 50).map((e) => [`rij ${e.row}${e.column ? `, ${e.column}` : ''}`, e.message]),
    );
    throw new HttpError(
      400,
      'IMPORT_INVALID',
      `Het bestand bevat ${errors.length} ${errors.length === 1 ? 'fout' : 'fouten'}; er werd niets ingelezen. Rij ${first.row}${first.column ? `, kolom ${first.column}` : ''}: ${first.message}`,
      fieldsOf,
    );
  }
  const total = rows.length;
  let done = 0;
  const report = (count: number) => {
    done += count;
    progress.step(done);
  };
  const farm = tenantDb(tx, appId);
  const existing = await farm.select().from(crops).where(eq(crops.appId, appId)).for('update');
  const byName = new Map(existing.map((e) => [e.name.toLowerCase(), e]));
  const idByName = new Map(existing.map((e) => [e.name.toLowerCase(), e.id]));
  const fieldRows = await farm
    .select({ id: fields.id, name: sql<string>`lower(${fields.name})` })
    .from(fields)
    .where(eq(fields.appId, appId));
  const fieldIdByName = new Map(fieldRows.map((f) => [f.name, f.id]));
  const values = (r: CropImportRow) => ({
    name: r.name,
    description: r.description,
    howToHarvest: r.howToHarvest,
    hint: r.hint,
    unit: r.unit,
    isActive: r.isActive,
  });
  const creates = rows.filter((r) => !idByName.has(r.name.toLowerCase()));
  const updates = rows.filter((r) => idByName.has(r.name.toLowerCase()));
  const updatedIds = updates.map((r) => idByName.get(r.name.toLowerCase())!);
  const previousFields = await fieldIdsOf(tx, appId, updatedIds);
  const [batch] = await farm
    .insert(importBatches)
    .values({
      appId,
      kind: 'crops',
      fileName: fileName.slice(0, 200),
      createdByUserId: options.userId,
      createdCount: creates.length,
      updatedCount: updates.length,
    })
    .returning({ id: importBatches.id });
  const batchId = batch!.id;
  for (let start = 0; start < creates.length; start += 500) {
    const inserted = await farm
      .insert(crops)
      .values(creates.slice(start, start + 500).map((r) => ({ appId, ...values(r) })))
      .returning({ id: crops.id, name: crops.name });
    for (const row of inserted) idByName.set(row.name.toLowerCase(), row.id);
    await farm
      .insert(importBatchItems)
      .values(inserted.map((row) => ({ appId, batchId, entityId: row.id, action: 'create' as const })));
    report(inserted.length);
  }
  const items: (typeof importBatchItems.$inferInsert)[] = [];
  for (const [index, r] of updates.entries()) {
    const before = byName.get(r.name.toLowerCase())!;
    await farm
      .update(crops)
      .set({ ...values(r), updatedAt: sql`now()` })
      .where(and(eq(crops.appId, appId), eq(crops.id, before.id)));
    const previous: PreviousCrop = {
      name: before.name,
      description: before.description,
      howToHarvest: before.howToHarvest,
      hint: before.hint,
      unit: before.unit,
      isActive: before.isActive,
      updatedAt: before.updatedAt.toISOString(),
      fieldIds: previousFields.get(before.id) ?? [],
    };
    items.push({ appId, batchId, entityId: before.id, action: 'update', previous });
    if ((index + 1) % progressStep === 0) report(progressStep);
  }
  report(updates.length % progressStep);
  for (let start = 0; start < items.length; start += 500) {
    await farm.insert(importBatchItems).values(items.slice(start, start + 500));
  }
  for (let start = 0; start < updatedIds.length; start += 1000) {
    await farm.delete(cropFields).where(inArray(cropFields.cropId, updatedIds.slice(start, start + 1000)));
  }
  const links = rows.flatMap((r) => {
    const cropId = idByName.get(r.name.toLowerCase())!;
    const ids = [...new Set(r.fieldNames.map((f) => fieldIdByName.get(f.toLowerCase())!))];
    return ids.map((fieldId) => ({ appId, cropId, fieldId }));
  });
  for (let start = 0; start < links.length; start += 1000) {
    await farm.insert(cropFields).values(links.slice(start, start + 1000));
  }
  progress.step(total);
  return { created: creates.length, updated: updates.length, batchId };
}
