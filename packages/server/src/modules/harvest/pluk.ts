import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CropPluk, PlukAvailability, PlukDetail, PlukOfTheWeek, PlukOverview } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { crops, plukAvailability, subscriptions, userSubscriptions } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../types.js';
import { currentHarvestYear } from '../harvest-year.js';
import { availabilityOfCrop, cropInApp, cropRow, fieldsOfCrops, photosOfCrops } from './crops.js';

type Db = Database | Transaction;

const byName = (column: typeof crops.name | typeof subscriptions.name) => asc(sql`lower(${column})`);

/** My subscriptions of the current harvest year (active ones), by name. */
async function myCurrentSubscriptions(db: Db, user: AuthUser, year: number) {
  return tenantDb(db, user.appId)
    .select({ id: subscriptions.id, name: subscriptions.name })
    .from(userSubscriptions)
    .innerJoin(subscriptions, eq(subscriptions.id, userSubscriptions.subscriptionId))
    .where(
      and(
        eq(userSubscriptions.appId, user.appId),
        eq(userSubscriptions.userId, user.id),
        eq(subscriptions.harvestYear, year),
        eq(subscriptions.isActive, true),
      ),
    )
    .orderBy(byName(subscriptions.name), asc(subscriptions.id));
}

/** What I may pick now, per subscription of mine this harvest year (only my farm, only my subscriptions). */
export async function plukOfTheWeek(db: Db, user: AuthUser, now = new Date()): Promise<PlukOfTheWeek> {
  const year = (await currentHarvestYear(db, user.appId, now)).year;
  const mine = await myCurrentSubscriptions(db, user, year);
  const rows =
    mine.length === 0
      ? []
      : await tenantDb(db, user.appId)
          .select({
            subscriptionId: plukAvailability.subscriptionId,
            amountPerShare: plukAvailability.amountPerShare,
            cropId: crops.id,
            name: crops.name,
            unit: crops.unit,
            hint: crops.hint,
          })
          .from(plukAvailability)
          .innerJoin(crops, eq(crops.id, plukAvailability.cropId))
          .where(
            and(
              eq(plukAvailability.appId, user.appId),
              inArray(
                plukAvailability.subscriptionId,
                mine.map((s) => s.id),
              ),
              eq(plukAvailability.isPickable, true),
              eq(crops.isActive, true),
            ),
          )
          .orderBy(byName(crops.name), asc(crops.id));
  const cropIds = rows.map((r) => r.cropId);
  const fieldMap = await fieldsOfCrops(db, user.appId, cropIds);
  const photoMap = await photosOfCrops(db, user.appId, cropIds);
  return {
    harvestYear: year,
    subscriptions: mine.map((s) => ({
      subscriptionId: s.id,
      subscriptionName: s.name,
      crops: rows
        .filter((r) => r.subscriptionId === s.id)
        .map((r) => ({
          cropId: r.cropId,
          name: r.name,
          unit: r.unit,
          hint: r.hint,
          amountPerShare: r.amountPerShare,
          photoId: photoMap.get(r.cropId)?.[0] ?? null,
          fields: (fieldMap.get(r.cropId) ?? []).map(({ id, name }) => ({ id, name })),
        })),
    })),
  };
}

/** One crop for one of my subscriptions: 404 unless I have it this year and the crop is pickable for it. */
export async function plukDetail(
  db: Db,
  user: AuthUser,
  cropId: number,
  subscriptionId: number,
  now = new Date(),
): Promise<PlukDetail> {
  const year = (await currentHarvestYear(db, user.appId, now)).year;
  const subscription = (await myCurrentSubscriptions(db, user, year)).find((s) => s.id === subscriptionId);
  if (!subscription) throw notFound();
  const [row] = await tenantDb(db, user.appId)
    .select({ crop: crops, amountPerShare: plukAvailability.amountPerShare })
    .from(plukAvailability)
    .innerJoin(crops, eq(crops.id, plukAvailability.cropId))
    .where(
      and(
        eq(plukAvailability.appId, user.appId),
        eq(plukAvailability.cropId, cropId),
        eq(plukAvailability.subscriptionId, subscriptionId),
        eq(plukAvailability.isPickable, true),
        eq(crops.isActive, true),
      ),
    );
  if (!row) throw notFound();
  const fieldMap = await fieldsOfCrops(db, user.appId, [cropId]);
  const photoMap = await photosOfCrops(db, user.appId, [cropId]);
  return {
    cropId,
    subscriptionId,
    subscriptionName: subscription.name,
    name: row.crop.name,
    description: row.crop.description,
    howToHarvest: row.crop.howToHarvest,
    hint: row.crop.hint,
    unit: row.crop.unit,
    amountPerShare: row.amountPerShare,
    photoIds: photoMap.get(cropId) ?? [],
    fields: fieldMap.get(cropId) ?? [],
  };
}

// ---------------------------------------------------------------------------------------------------------
// PlukManager

export async function plukOfCrop(db: Db, appId: string, cropId: number): Promise<CropPluk> {
  const crop = await cropRow(db, appId, cropId);
  return {
    cropId,
    name: crop.name,
    unit: crop.unit,
    isActive: crop.isActive,
    availability: await availabilityOfCrop(db, appId, cropId),
  };
}

async function subscriptionRow(db: Db, appId: string, id: number) {
  const [row] = await tenantDb(db, appId)
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.appId, appId), eq(subscriptions.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function plukOne(
  db: Db,
  appId: string,
  cropId: number,
  subscriptionId: number,
): Promise<PlukAvailability> {
  await cropRow(db, appId, cropId);
  const subscription = await subscriptionRow(db, appId, subscriptionId);
  const [row] = await tenantDb(db, appId)
    .select()
    .from(plukAvailability)
    .where(and(eq(plukAvailability.cropId, cropId), eq(plukAvailability.subscriptionId, subscriptionId)));
  return {
    cropId,
    subscriptionId,
    subscriptionName: subscription.name,
    harvestYear: subscription.harvestYear,
    isPickable: row?.isPickable ?? false,
    amountPerShare: row?.amountPerShare ?? '',
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export interface PlukChange {
  /** true or false sets it; 'toggle' switches it; undefined leaves it. */
  isPickable?: boolean | 'toggle';
  amountPerShare?: string | undefined;
}

/**
 * Changes one crop's pluk row for one subscription, made when missing, under its row lock: a repeated
 * Activate or Disable changes nothing and answers the same; two toggles at once switch twice.
 */
export async function changePluk(
  db: Database,
  appId: string,
  key: { cropId: number; subscriptionId: number },
  change: PlukChange,
): Promise<PlukAvailability> {
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [crop] = await farm.select({ id: crops.id }).from(crops).where(cropInApp(appId, key.cropId));
    if (!crop) throw notFound();
    await subscriptionRow(tx, appId, key.subscriptionId);
    await farm
      .insert(plukAvailability)
      .values({ appId, cropId: key.cropId, subscriptionId: key.subscriptionId })
      .onConflictDoNothing();
    const where = and(
      eq(plukAvailability.cropId, key.cropId),
      eq(plukAvailability.subscriptionId, key.subscriptionId),
    );
    const [row] = await farm.select().from(plukAvailability).where(where).for('update');
    if (!row) throw notFound();
    const isPickable =
      change.isPickable === 'toggle' ? !row.isPickable : (change.isPickable ?? row.isPickable);
    const amountPerShare = change.amountPerShare ?? row.amountPerShare;
    if (isPickable === row.isPickable && amountPerShare === row.amountPerShare) return;
    await farm
      .update(plukAvailability)
      .set({ isPickable, amountPerShare, updatedAt: sql`now()` })
      .where(where);
  });
  return plukOne(db, appId, key.cropId, key.subscriptionId);
}

/** The grid of active crops × subscriptions of a harvest year (default the current one). */
export async function plukOverview(
  db: Db,
  appId: string,
  query: { harvestYear?: number | undefined },
  now = new Date(),
): Promise<PlukOverview> {
  const harvestYear = query.harvestYear ?? (await currentHarvestYear(db, appId, now)).year;
  const farm = tenantDb(db, appId);
  const subs = await farm
    .select({ id: subscriptions.id, name: subscriptions.name, isActive: subscriptions.isActive })
    .from(subscriptions)
    .where(and(eq(subscriptions.appId, appId), eq(subscriptions.harvestYear, harvestYear)))
    .orderBy(byName(subscriptions.name), asc(subscriptions.id));
  const cropRows = await farm
    .select({ id: crops.id, name: crops.name, unit: crops.unit })
    .from(crops)
    .where(and(eq(crops.appId, appId), eq(crops.isActive, true)))
    .orderBy(byName(crops.name), asc(crops.id));
  const cells =
    subs.length === 0
      ? []
      : await farm
          .select({
            cropId: plukAvailability.cropId,
            subscriptionId: plukAvailability.subscriptionId,
            isPickable: plukAvailability.isPickable,
            amountPerShare: plukAvailability.amountPerShare,
          })
          .from(plukAvailability)
          .innerJoin(crops, eq(crops.id, plukAvailability.cropId))
          .where(
            and(
              eq(plukAvailability.appId, appId),
              inArray(
                plukAvailability.subscriptionId,
                subs.map((s) => s.id),
              ),
              eq(crops.isActive, true),
            ),
          )
          .orderBy(asc(plukAvailability.cropId), asc(plukAvailability.subscriptionId));
  return { harvestYear, subscriptions: subs, crops: cropRows, cells };
}
