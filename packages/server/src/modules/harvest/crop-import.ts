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
import { cropFields, crops, fields, importBatchItems } from '../../db/schema/index.js';
import { startBatch } from '../imports/batches.js';
import { importProgress, type Reporter } from '../../lib/import-progress.js';
import { fieldIdsOf, type PreviousCrop } from './crop-import-batches.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import { readImportFile, refused, sheetRows, type ImportFile } from '../../lib/spreadsheet-import.js';
import { controlCharacterMessage, hasControlCharacter } from '../../lib/control-characters.js';

type Db = Database | Transaction;

/** The crop spreadsheet import (decision 074); the file is read by lib/spreadsheet-import.ts. */
export { readImportFile };
const cropHeaders = cropImportColumns.map((c) => c.header);

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
  return previewOf(await buildRows(db, appId, await sheetRows(file, cropHeaders)));
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
  const sheet = await sheetRows(file, cropHeaders);
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
  const batchId = await startBatch(tx, {
    appId,
    kind: 'crops',
    fileName,
    userId: options.userId,
    created: creates.length,
    updated: updates.length,
  });
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
