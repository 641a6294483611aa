import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import {
  cropInputSchema,
  cropUpdateSchema,
  harvestLimits,
  type CropDetail,
  type CropInput,
  type CropPage,
  type CropUpdate,
  type FieldRef,
  type PlukAvailability,
  type cropListQuerySchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import {
  cropFields,
  cropPhotos,
  crops,
  fields,
  media,
  plukAvailability,
  subscriptions,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { currentHarvestYear } from '../harvest-year.js';
import { removeStorage, withStoredUploads } from '../media/service.js';
import type { MultipartUpload } from '../media/upload.js';
import { keepPhotoIdsOf, offerIdOf } from '../market/fields.js';

type Db = Database | Transaction;
export type CropRow = typeof crops.$inferSelect;

const iso = (value: Date) => value.toISOString();
export const cropInApp = (appId: string, id: number) => and(eq(crops.appId, appId), eq(crops.id, id));
const lowerName = sql<string>`lower(${crops.name})`;

/** The fields of these crops, by position and name. */
export async function fieldsOfCrops(db: Db, appId: string, cropIds: readonly number[]) {
  const byCrop = new Map<number, (FieldRef & { description: string })[]>();
  if (cropIds.length === 0) return byCrop;
  const rows = await tenantDb(db, appId)
    .select({ cropId: cropFields.cropId, id: fields.id, name: fields.name, description: fields.description })
    .from(cropFields)
    .innerJoin(fields, eq(fields.id, cropFields.fieldId))
    .where(and(eq(cropFields.appId, appId), inArray(cropFields.cropId, [...new Set(cropIds)])))
    .orderBy(asc(fields.position), asc(fields.name), asc(fields.id));
  for (const { cropId, ...field } of rows) byCrop.set(cropId, [...(byCrop.get(cropId) ?? []), field]);
  return byCrop;
}

/** The photos (media ids) of these crops, in order. */
export async function photosOfCrops(db: Db, appId: string, cropIds: readonly number[]) {
  const byCrop = new Map<number, number[]>();
  if (cropIds.length === 0) return byCrop;
  const rows = await tenantDb(db, appId)
    .select({ cropId: cropPhotos.cropId, mediaId: cropPhotos.mediaId })
    .from(cropPhotos)
    .where(and(eq(cropPhotos.appId, appId), inArray(cropPhotos.cropId, [...new Set(cropIds)])))
    .orderBy(asc(cropPhotos.position), asc(cropPhotos.id));
  for (const row of rows) byCrop.set(row.cropId, [...(byCrop.get(row.cropId) ?? []), row.mediaId]);
  return byCrop;
}

/** A crop's pluk rows for every subscription of the current and next harvest years (unset: not pickable). */
export async function availabilityOfCrop(db: Db, appId: string, cropId: number): Promise<PlukAvailability[]> {
  const current = (await currentHarvestYear(db, appId)).year;
  const farm = tenantDb(db, appId);
  const subs = await farm
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.appId, appId),
        gte(subscriptions.harvestYear, current),
        lte(subscriptions.harvestYear, current + 1),
      ),
    )
    .orderBy(asc(subscriptions.harvestYear), asc(sql`lower(${subscriptions.name})`), asc(subscriptions.id));
  const rows =
    subs.length === 0
      ? []
      : await farm
          .select()
          .from(plukAvailability)
          .where(
            and(
              eq(plukAvailability.cropId, cropId),
              inArray(
                plukAvailability.subscriptionId,
                subs.map((s) => s.id),
              ),
            ),
          );
  return subs.map((s) => {
    const row = rows.find((r) => r.subscriptionId === s.id);
    return {
      cropId,
      subscriptionId: s.id,
      subscriptionName: s.name,
      harvestYear: s.harvestYear,
      isPickable: row?.isPickable ?? false,
      amountPerShare: row?.amountPerShare ?? '',
      updatedAt: row ? iso(row.updatedAt) : null,
    };
  });
}

export async function cropRow(db: Db, appId: string, id: number): Promise<CropRow> {
  const [row] = await tenantDb(db, appId).select().from(crops).where(cropInApp(appId, id));
  if (!row) throw notFound();
  return row;
}

export async function cropDetail(db: Db, appId: string, id: number): Promise<CropDetail> {
  const row = await cropRow(db, appId, id);
  const fieldMap = await fieldsOfCrops(db, appId, [id]);
  const photoMap = await photosOfCrops(db, appId, [id]);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    howToHarvest: row.howToHarvest,
    hint: row.hint,
    unit: row.unit,
    isActive: row.isActive,
    fields: (fieldMap.get(id) ?? []).map(({ id: fieldId, name }) => ({ id: fieldId, name })),
    photoIds: photoMap.get(id) ?? [],
    availability: await availabilityOfCrop(db, appId, id),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The manager's list: by name, then id (index `crops_app_lower_name_id`). */
const cropKeys: PageKey[] = [
  { column: lowerName, type: 'text' },
  { column: crops.id, type: 'integer' },
];

const pickableCountSql = sql<number>`(select count(*) from pluk_availability pa where pa.app_id = "crops"."app_id" and pa.crop_id = "crops"."id" and pa.is_pickable)::int`;

/** LIKE's wildcards in a search text are searched for as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function cropList(
  db: Db,
  appId: string,
  query: z.output<typeof cropListQuerySchema>,
): Promise<CropPage> {
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const filter = and(
    eq(crops.appId, appId),
    query.filter ? ilike(crops.name, likeText(query.filter)) : undefined,
    query.isActive === undefined ? undefined : eq(crops.isActive, literalFlag(query.isActive)),
  );
  const rows = await farm
    .select({
      crop: crops,
      pickableCount: pickableCountSql,
      cursor: cursorColumn(cropKeys),
      total: cappedTotal(farm, crops, filter),
    })
    .from(crops)
    .where(and(filter, query.after ? afterCursor(cropKeys, decodeCursor(cropKeys, query.after)) : undefined))
    .orderBy(asc(lowerName), asc(crops.id))
    .limit(window.limit)
    .offset(window.offset);
  const ids = rows.map((r) => r.crop.id);
  const fieldMap = await fieldsOfCrops(db, appId, ids);
  const photoMap = await photosOfCrops(db, appId, ids);
  const page = await finishPage(
    rows,
    request,
    (r) => ({
      id: r.crop.id,
      name: r.crop.name,
      unit: r.crop.unit,
      hint: r.crop.hint,
      isActive: r.crop.isActive,
      photoId: photoMap.get(r.crop.id)?.[0] ?? null,
      fields: (fieldMap.get(r.crop.id) ?? []).map(({ id, name }) => ({ id, name })),
      pickableCount: Number(r.pickableCount),
      updatedAt: iso(r.crop.updatedAt),
    }),
    (cap) => countUpTo(farm, crops, filter, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** Checks that every field id is one of the farm's fields (400 naming `fieldIds` otherwise). */
export async function assertFields(db: Db, appId: string, fieldIds: readonly number[]): Promise<void> {
  if (fieldIds.length === 0) return;
  const unique = [...new Set(fieldIds)];
  const found = await tenantDb(db, appId)
    .select({ id: fields.id })
    .from(fields)
    .where(and(eq(fields.appId, appId), inArray(fields.id, unique)));
  if (found.length !== unique.length) {
    const message = 'Een van de gekozen velden bestaat niet (meer). Vernieuw de pagina.';
    throw new HttpError(400, 'VALIDATION_ERROR', message, { fieldIds: message });
  }
}

async function setCropFields(tx: Db, appId: string, cropId: number, fieldIds: readonly number[]) {
  const farm = tenantDb(tx, appId);
  await farm.delete(cropFields).where(eq(cropFields.cropId, cropId));
  const unique = [...new Set(fieldIds)];
  if (unique.length > 0) {
    await farm.insert(cropFields).values(unique.map((fieldId) => ({ appId, cropId, fieldId })));
  }
}

export const cropNameTaken = (err: unknown) => isUniqueViolation(err, 'crops_app_name');
const nameTakenError = () =>
  new HttpError(409, 'CROP_NAME_TAKEN', undefined, { name: 'Er bestaat al een gewas met deze naam.' });

export async function createCrop(db: Database, appId: string, input: CropInput): Promise<CropDetail> {
  const { fieldIds, ...values } = cropInputSchema.parse(input);
  let id: number;
  try {
    id = await inTransaction(db, async (tx) => {
      await assertFields(tx, appId, fieldIds);
      const [row] = await tenantDb(tx, appId)
        .insert(crops)
        .values({ appId, ...values })
        .returning({ id: crops.id });
      if (!row) throw new Error('crop insert returned nothing');
      await setCropFields(tx, appId, row.id, fieldIds);
      return row.id;
    });
  } catch (err) {
    if (cropNameTaken(err)) throw nameTakenError();
    throw err;
  }
  return cropDetail(db, appId, id);
}

export async function updateCrop(db: Database, appId: string, input: CropUpdate): Promise<CropDetail> {
  const { id, fieldIds, ...values } = cropUpdateSchema.parse(input);
  try {
    await inTransaction(db, async (tx) => {
      const [row] = await tenantDb(tx, appId)
        .select({ id: crops.id })
        .from(crops)
        .where(cropInApp(appId, id))
        .for('update');
      if (!row) throw notFound();
      await assertFields(tx, appId, fieldIds);
      await tenantDb(tx, appId)
        .update(crops)
        .set({ ...values, updatedAt: sql`now()` })
        .where(cropInApp(appId, id));
      await setCropFields(tx, appId, id, fieldIds);
    });
  } catch (err) {
    if (cropNameTaken(err)) throw nameTakenError();
    throw err;
  }
  return cropDetail(db, appId, id);
}

/** Activates or disables a crop; a crop already so is answered the same, unchanged. */
export async function setCropActive(
  db: Database,
  appId: string,
  id: number,
  isActive: boolean,
): Promise<CropDetail> {
  const row = await cropRow(db, appId, id);
  if (row.isActive !== isActive) {
    await tenantDb(db, appId)
      .update(crops)
      .set({ isActive, updatedAt: sql`now()` })
      .where(cropInApp(appId, id));
  }
  return cropDetail(db, appId, id);
}

const tooManyPhotosMessage = `Voeg hoogstens ${harvestLimits.photosMax} foto's toe.`;

/**
 * A crop's photos (as an offer's, decision 074): `keepPhotoIds` names the photos that stay and their
 * order, new `photos` come after them, removed photos lose their media row and file.
 */
export async function updateCropMedia(
  app: FastifyInstance,
  user: AuthUser,
  upload: MultipartUpload,
): Promise<CropDetail> {
  const appId = user.appId;
  const id = offerIdOf(upload);
  const keep = keepPhotoIdsOf(upload);
  for (const file of upload.files) {
    if (file.kind !== 'image') {
      throw new HttpError(
        415,
        'FILE_TYPE_NOT_ALLOWED',
        `"${file.fileName}" is geen foto: kies een JPEG-, PNG-, WebP- of GIF-afbeelding.`,
      );
    }
  }
  if (upload.files.length > harvestLimits.photosMax) {
    throw new HttpError(400, 'VALIDATION_ERROR', tooManyPhotosMessage, { photos: tooManyPhotosMessage });
  }
  let orphanKeys: string[] = [];
  await withStoredUploads(app, user, upload.files, async (tx, rows) => {
    orphanKeys = [];
    const farm = tenantDb(tx, appId);
    const [crop] = await farm.select({ id: crops.id }).from(crops).where(cropInApp(appId, id)).for('update');
    if (!crop) throw notFound();
    const links = await farm
      .select({ mediaId: cropPhotos.mediaId, position: cropPhotos.position })
      .from(cropPhotos)
      .where(eq(cropPhotos.cropId, id))
      .orderBy(asc(cropPhotos.position), asc(cropPhotos.id));
    const removed = keep === null ? [] : links.filter((l) => !keep.includes(l.mediaId)).map((l) => l.mediaId);
    if (links.length - removed.length + rows.length > harvestLimits.photosMax) {
      throw new HttpError(400, 'VALIDATION_ERROR', tooManyPhotosMessage, { photos: tooManyPhotosMessage });
    }
    if (removed.length > 0) {
      const gone = await farm
        .delete(media)
        .where(inArray(media.id, removed))
        .returning({ storageKey: media.storageKey });
      orphanKeys = gone.map((g) => g.storageKey);
    }
    let nextPosition = links.reduce((max, l) => Math.max(max, l.position + 1), 0);
    if (keep !== null) {
      const kept = keep.filter((mediaId) => links.some((l) => l.mediaId === mediaId));
      for (const [position, mediaId] of kept.entries()) {
        await farm
          .update(cropPhotos)
          .set({ position })
          .where(and(eq(cropPhotos.cropId, id), eq(cropPhotos.mediaId, mediaId)));
      }
      nextPosition = kept.length;
    }
    if (rows.length > 0) {
      await farm
        .insert(cropPhotos)
        .values(
          rows.map((row, index) => ({ appId, cropId: id, mediaId: row.id, position: nextPosition + index })),
        );
    }
    await farm
      .update(crops)
      .set({ updatedAt: sql`now()` })
      .where(cropInApp(appId, id));
  });
  await removeStorage(app, appId, orphanKeys);
  return cropDetail(app.db, appId, id);
}

/** Deletes a crop with its fields' links, pluk rows and photos. */
export async function deleteCrop(app: FastifyInstance, appId: string, id: number): Promise<void> {
  const keys = await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [crop] = await farm.select({ id: crops.id }).from(crops).where(cropInApp(appId, id)).for('update');
    if (!crop) throw notFound();
    const photos = await farm
      .select({ mediaId: cropPhotos.mediaId })
      .from(cropPhotos)
      .where(eq(cropPhotos.cropId, id));
    await farm.delete(crops).where(cropInApp(appId, id));
    if (photos.length === 0) return [];
    const gone = await farm
      .delete(media)
      .where(
        inArray(
          media.id,
          photos.map((p) => p.mediaId),
        ),
      )
      .returning({ storageKey: media.storageKey });
    return gone.map((g) => g.storageKey);
  });
  await removeStorage(app, appId, keys);
}
