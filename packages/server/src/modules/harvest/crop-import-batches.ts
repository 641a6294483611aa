import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ImportBatch, ImportUndoResult } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { cropFields, crops, fields } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError } from '../../lib/http-error.js';
import {
  listImportBatches,
  lockOpenBatch,
  markUndone,
  namedList,
  namesShown,
  rowsOf,
} from '../imports/batches.js';

type Db = Database | Transaction;

/** What an updated crop was before the import: undo puts it back (decision 094). */
export interface PreviousCrop {
  name: string;
  description: string;
  howToHarvest: string;
  hint: string;
  unit: string;
  isActive: boolean;
  updatedAt: string;
  fieldIds: number[];
}

/** The fields of each crop, by crop id. */
export async function fieldIdsOf(db: Db, appId: string, cropIds: number[]): Promise<Map<number, number[]>> {
  const byCrop = new Map<number, number[]>();
  for (let start = 0; start < cropIds.length; start += 1000) {
    const rows = await tenantDb(db, appId)
      .select({ cropId: cropFields.cropId, fieldId: cropFields.fieldId })
      .from(cropFields)
      .where(
        and(eq(cropFields.appId, appId), inArray(cropFields.cropId, cropIds.slice(start, start + 1000))),
      );
    for (const row of rows) byCrop.set(row.cropId, [...(byCrop.get(row.cropId) ?? []), row.fieldId]);
  }
  return byCrop;
}

/**
 * The crops of a batch that keep it from being undone: changed after the import (by hand or by a later
 * import), or — for a crop it created — given photos or pluk since. Undo would lose that work.
 */
async function blockers(db: Db, appId: string, batchId: number): Promise<{ names: string[]; count: number }> {
  const found = await db.execute(sql`
    select c.name, count(*) over () as total
    from import_batch_items i
    join import_batches b on b.app_id = i.app_id and b.id = i.batch_id
    join crops c on c.app_id = i.app_id and c.id = i.entity_id
    where i.app_id = ${appId} and i.batch_id = ${batchId}
      and (
        c.updated_at > b.created_at
        or (i.action = 'create' and (
          exists (select 1 from crop_photos p where p.app_id = c.app_id and p.crop_id = c.id)
          or exists (select 1 from pluk_availability a where a.app_id = c.app_id and a.crop_id = c.id)
        ))
      )
    order by lower(c.name), c.id
    limit ${namesShown}`);
  const list = rowsOf<{ name: string; total: number | string }>(found);
  return { names: list.map((r) => r.name), count: Number(list[0]?.total ?? 0) };
}

function blockedMessage({ names, count }: { names: string[]; count: number }): string | null {
  if (count === 0) return null;
  return `${count === 1 ? 'Dit gewas werd' : `${count} gewassen werden`} na de import gewijzigd of kregen foto's of pluk: ${namedList({ names, count })}. Ongedaan maken zou dat werk wissen.`;
}

/** The farm's last 20 crop imports, newest first. */
export async function listCropImportBatches(db: Database, appId: string): Promise<ImportBatch[]> {
  return listImportBatches(db, appId, 'crops', async (id) => blockedMessage(await blockers(db, appId, id)));
}

/**
 * Undoes a crop import in one transaction (decision 094): the crops it created are deleted, the crops it
 * changed get their values and fields back. Refused as a whole while any of them is used or changed since
 * (IMPORT_IN_USE, naming them); the batch row is locked, so two undos at once undo once.
 */
export async function undoCropImport(
  db: Database,
  appId: string,
  batchId: number,
  userId: number,
): Promise<ImportUndoResult> {
  return inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const { items } = await lockOpenBatch(tx, appId, 'crops', batchId);
    const ids = items.map((i) => i.entityId);
    // Lock the crops, so nobody changes one between the check and the undo.
    for (let start = 0; start < ids.length; start += 1000) {
      await farm
        .select({ id: crops.id })
        .from(crops)
        .where(and(eq(crops.appId, appId), inArray(crops.id, ids.slice(start, start + 1000))))
        .for('update');
    }
    const message = blockedMessage(await blockers(tx, appId, batchId));
    if (message) throw new HttpError(409, 'IMPORT_IN_USE', message);

    const created = items.filter((i) => i.action === 'create').map((i) => i.entityId);
    let deleted = 0;
    for (let start = 0; start < created.length; start += 1000) {
      const gone = await farm
        .delete(crops)
        .where(and(eq(crops.appId, appId), inArray(crops.id, created.slice(start, start + 1000))))
        .returning({ id: crops.id });
      deleted += gone.length;
    }
    const knownFields = new Set(
      (await farm.select({ id: fields.id }).from(fields).where(eq(fields.appId, appId))).map((f) => f.id),
    );
    let restored = 0;
    for (const item of items.filter((i) => i.action === 'update')) {
      const previous = item.previous as PreviousCrop;
      const back = await farm
        .update(crops)
        .set({
          name: previous.name,
          description: previous.description,
          howToHarvest: previous.howToHarvest,
          hint: previous.hint,
          unit: previous.unit,
          isActive: previous.isActive,
          updatedAt: new Date(previous.updatedAt),
        })
        .where(and(eq(crops.appId, appId), eq(crops.id, item.entityId)))
        .returning({ id: crops.id });
      if (back.length === 0) continue; // deleted by hand since: nothing to put back
      restored += 1;
      await farm
        .delete(cropFields)
        .where(and(eq(cropFields.appId, appId), eq(cropFields.cropId, item.entityId)));
      const links = previous.fieldIds
        .filter((id) => knownFields.has(id))
        .map((fieldId) => ({ appId, cropId: item.entityId, fieldId }));
      if (links.length > 0) await farm.insert(cropFields).values(links);
    }
    await markUndone(tx, appId, batchId, userId);
    return { deleted, restored };
  });
}
