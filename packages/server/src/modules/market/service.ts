import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  marketLimits,
  type OfferDetail,
  type ReserveBody,
  type ReserveResult,
  formatVirtualMoney,
} from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import {
  comments,
  media,
  productPhotos,
  productReservations,
  products,
  users,
} from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { forbidden, HttpError, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../types.js';
import { removeStorage, withStoredUploads } from '../media/service.js';
import type { MultipartUpload } from '../media/upload.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import { memberWalletId, moveMoney } from '../wallet/ledger.js';
import { assertCanPromise } from '../wallet/reserved.js';
import {
  assertPhotos,
  keepPhotoIdsOf,
  offerFieldsOf,
  offerIdOf,
  tooManyPhotosMessage,
  type OfferFieldValues,
} from './fields.js';
import { inApp, offerDetail, reservationById } from './offers.js';
import {
  deletedNotification,
  paidNotification,
  refusedNotification,
  reservedNotification,
} from './notifications.js';
import { offerHasEnded, type ProductRow, type ReservationRow } from './presenter.js';

/**
 * Changes to the market (ADR 058, 061): offers with photos, reservations (take/buy), the owner's
 * confirm (the price moves buyer → owner through the ledger) and refuse, close and delete. Every change
 * that depends on how much is left locks the offer's row first, so reservations of one offer queue up.
 */

/** Who acts: a member on their own offers, or a ProductManager on any offer of the app. */
export type Actor = { user: AuthUser; asManager: boolean };

/** Locks the offer's row for the rest of the transaction; another farm's offer is 404. */
async function lockProduct(tx: Transaction, appId: string, productId: number): Promise<ProductRow> {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(products)
    .where(inApp(appId, productId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

async function lockReservation(
  tx: Transaction,
  appId: string,
  reservationId: number,
): Promise<ReservationRow> {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(productReservations)
    .where(eq(productReservations.id, reservationId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Moves what is taken of the locked offer (`products.taken_quantity`, ADR 070) by `delta` units, in the
 * transaction of the reservation change that moves it; callers hold the offer's row lock (`lockProduct`).
 */
async function moveTaken(tx: Transaction, appId: string, productId: number, delta: number): Promise<void> {
  await tenantDb(tx, appId)
    .update(products)
    .set({ takenQuantity: sql`${products.takenQuantity} + ${delta}` })
    .where(inApp(appId, productId));
}

async function personOf(tx: Database | Transaction, appId: string, userId: number) {
  const [row] = await tenantDb(tx, appId)
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      isTransactionable: users.isTransactionable,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  return row;
}

/** A priced offer needs an owner who trades with virtual money (ADR 061): the price goes to their wallet. */
async function assertOwnerMayPrice(
  tx: Transaction,
  appId: string,
  ownerId: number,
  fields: OfferFieldValues,
) {
  if (fields.priceCents === 0) return;
  if (!(await personOf(tx, appId, ownerId)).isTransactionable) {
    const message =
      'Je handelt niet met plukgeld, dus je kan niets verkopen. Bied het gratis aan of zet plukgeld aan in je portefeuille.';
    throw new HttpError(409, 'NOT_TRANSACTIONABLE', message, { priceCents: message });
  }
}

const productValues = (fields: OfferFieldValues) => ({
  title: fields.title,
  description: fields.description,
  priceCents: fields.priceCents,
  quantity: fields.quantity,
  unit: fields.unit,
  pickupInfo: fields.pickupInfo,
  availableUntil: fields.availableUntil === null ? null : new Date(fields.availableUntil),
});

/** Puts up an offer (its owner is the one who creates it, a manager included) with its photos. */
export async function createOffer(
  app: FastifyInstance,
  user: AuthUser,
  upload: MultipartUpload,
): Promise<OfferDetail> {
  const fields = offerFieldsOf(upload);
  assertPhotos(upload.files);
  const productId = await withStoredUploads(app, user, upload.files, async (tx, rows) => {
    await assertOwnerMayPrice(tx, user.appId, user.id, fields);
    const [product] = await tenantDb(tx, user.appId)
      .insert(products)
      .values({ appId: user.appId, ownerUserId: user.id, ...productValues(fields) })
      .returning({ id: products.id });
    if (!product) throw new Error('product insert returned nothing');
    if (rows.length > 0) {
      await tenantDb(tx, user.appId)
        .insert(productPhotos)
        .values(
          rows.map((row, position) => ({
            appId: user.appId,
            productId: product.id,
            mediaId: row.id,
            position,
          })),
        );
    }
    return product.id;
  });
  return offerDetail(app.db, user, productId, { seesAll: true });
}

/**
 * Changes an offer: its owner (or a ProductManager) only. The quantity never drops below what is reserved
 * or paid; `keepPhotoIds` names the photos that stay, new `photos` are added after them, removed photos
 * lose their media row and file.
 */
export async function updateOffer(
  app: FastifyInstance,
  actor: Actor,
  upload: MultipartUpload,
): Promise<OfferDetail> {
  const { user } = actor;
  const id = offerIdOf(upload);
  const fields = offerFieldsOf(upload);
  const keep = keepPhotoIdsOf(upload);
  assertPhotos(upload.files);
  let orphanKeys: string[] = [];
  await withStoredUploads(app, user, upload.files, async (tx, rows) => {
    orphanKeys = []; // a retried transaction starts over (ADR 050)
    const product = await lockProduct(tx, user.appId, id);
    if (!actor.asManager && product.ownerUserId !== user.id) throw forbidden();
    await assertOwnerMayPrice(tx, user.appId, product.ownerUserId, fields);
    const taken = product.takenQuantity;
    if (fields.quantity < taken) {
      const message = `Er is al ${taken} gereserveerd of verkocht; kies minstens ${taken}.`;
      throw new HttpError(409, 'OFFER_QUANTITY_TOO_LOW', message, { quantity: message });
    }
    const links = await tenantDb(tx, user.appId)
      .select({ mediaId: productPhotos.mediaId, position: productPhotos.position })
      .from(productPhotos)
      .where(eq(productPhotos.productId, id))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id));
    const removed = keep === null ? [] : links.filter((l) => !keep.includes(l.mediaId)).map((l) => l.mediaId);
    if (links.length - removed.length + rows.length > marketLimits.photosMax) {
      throw new HttpError(400, 'VALIDATION_ERROR', tooManyPhotosMessage, { photos: tooManyPhotosMessage });
    }
    if (removed.length > 0) {
      // The photos' media rows go (product_photos with them, by the cascade); the files after the commit.
      const gone = await tenantDb(tx, user.appId)
        .delete(media)
        .where(inArray(media.id, removed))
        .returning({ storageKey: media.storageKey });
      orphanKeys = gone.map((g) => g.storageKey);
    }
    let nextPosition = links.reduce((max, l) => Math.max(max, l.position + 1), 0);
    if (keep !== null) {
      // The kept photos take the order `keepPhotoIds` names them in (the first is the cover).
      const kept = keep.filter((mediaId) => links.some((l) => l.mediaId === mediaId));
      for (const [position, mediaId] of kept.entries()) {
        await tenantDb(tx, user.appId)
          .update(productPhotos)
          .set({ position })
          .where(and(eq(productPhotos.productId, id), eq(productPhotos.mediaId, mediaId)));
      }
      nextPosition = kept.length;
    }
    if (rows.length > 0) {
      await tenantDb(tx, user.appId)
        .insert(productPhotos)
        .values(
          rows.map((row, index) => ({
            appId: user.appId,
            productId: id,
            mediaId: row.id,
            position: nextPosition + index,
          })),
        );
    }
    await tenantDb(tx, user.appId)
      .update(products)
      .set({ ...productValues(fields), updatedAt: sql`now()` })
      .where(inApp(user.appId, id));
  });
  await removeStorage(app, user.appId, orphanKeys);
  return offerDetail(app.db, user, id, { seesAll: true });
}

/** Closes an offer: nobody can reserve it any more; waiting reservations can still be handled. */
export async function closeOffer(db: Database, actor: Actor, productId: number): Promise<OfferDetail> {
  const { user } = actor;
  await inTransaction(db, async (tx) => {
    const product = await lockProduct(tx, user.appId, productId);
    if (!actor.asManager && product.ownerUserId !== user.id) throw forbidden();
    if (product.isClosed) return;
    await tenantDb(tx, user.appId)
      .update(products)
      .set({ isClosed: true, updatedAt: sql`now()` })
      .where(inApp(user.appId, productId));
  });
  return offerDetail(db, user, productId, { seesAll: true });
}

/**
 * Deletes an offer with its reservations, photos and comments; refused once something of it was paid
 * (OFFER_HAS_PAYMENTS: the ledger keeps what it paid for; close it instead). Waiting takers are told.
 */
export async function deleteOffer(app: FastifyInstance, actor: Actor, productId: number): Promise<void> {
  const { user } = actor;
  const appId = user.appId;
  let storageKeys: string[] = [];
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const product = await lockProduct(tx, appId, productId);
    if (!actor.asManager && product.ownerUserId !== user.id) throw forbidden();
    const reservations = await tenantDb(tx, appId)
      .select({ userId: productReservations.userId, status: productReservations.status })
      .from(productReservations)
      .where(eq(productReservations.productId, productId));
    if (reservations.some((r) => r.status === 'paid')) throw new HttpError(409, 'OFFER_HAS_PAYMENTS');
    const photos = await tenantDb(tx, appId)
      .select({ mediaId: productPhotos.mediaId })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId));
    await tenantDb(tx, appId)
      .delete(comments)
      .where(and(eq(comments.subjectType, 'offer'), eq(comments.subjectId, productId)));
    await tenantDb(tx, appId).delete(products).where(inApp(appId, productId));
    storageKeys = [];
    if (photos.length > 0) {
      const gone = await tenantDb(tx, appId)
        .delete(media)
        .where(
          inArray(
            media.id,
            photos.map((p) => p.mediaId),
          ),
        )
        .returning({ storageKey: media.storageKey });
      storageKeys = gone.map((g) => g.storageKey);
    }
    const waiting = [...new Set(reservations.filter((r) => r.status === 'reserved').map((r) => r.userId))];
    return insertNotifications(
      tx,
      appId,
      waiting.filter((id) => id !== user.id).map((id) => deletedNotification(id, product)),
    );
  });
  await removeStorage(app, appId, storageKeys);
  app.push.deliver(created);
}

async function reservationByKey(db: Database | Transaction, user: AuthUser, key: string) {
  const [row] = await tenantDb(db, user.appId)
    .select()
    .from(productReservations)
    .where(and(eq(productReservations.userId, user.id), eq(productReservations.idempotencyKey, key)));
  return row ?? null;
}

/** A reservation made earlier with the same key: the same offer and quantity, else the key was reused. */
function sameReservationOrThrow(row: ReservationRow, body: ReserveBody): ReservationRow {
  if (row.productId !== body.offerId || row.quantity !== body.quantity) {
    throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED');
  }
  return row;
}

/**
 * Takes (free) or buys (priced) a quantity. The offer's row is locked first, so members racing for the
 * last units queue up and the later ones find too little left (OFFER_SOLD_OUT). A purchase also locks
 * the buyer's wallet and needs `balance − reserved ≥ total`, so racing purchases of one buyer never
 * promise more than they have (ADR 058). The same idempotency key returns the same reservation.
 */
export async function reserveOffer(
  app: FastifyInstance,
  user: AuthUser,
  body: ReserveBody,
  mode: 'take' | 'buy',
): Promise<ReserveResult> {
  const appId = user.appId;
  const key = body.idempotencyKey ?? null;
  let reservationId: number | undefined;
  if (key) {
    const earlier = await reservationByKey(app.db, user, key);
    if (earlier) reservationId = sameReservationOrThrow(earlier, body).id;
  }
  if (reservationId === undefined) {
    try {
      const result = await inTransaction(app.db, async (tx) => {
        const product = await lockProduct(tx, appId, body.offerId);
        if (key) {
          // A racing call with the same key committed while we waited for the lock.
          const earlier = await reservationByKey(tx, user, key);
          if (earlier) return { id: sameReservationOrThrow(earlier, body).id, created: [] };
        }
        if (product.ownerUserId === user.id) throw new HttpError(409, 'OFFER_OWN');
        if (product.isClosed) throw new HttpError(409, 'OFFER_CLOSED');
        if (offerHasEnded(product, new Date())) throw new HttpError(409, 'OFFER_ENDED');
        if (mode === 'take' && product.priceCents > 0) throw new HttpError(409, 'OFFER_NOT_FREE');
        const left = product.quantity - product.takenQuantity;
        if (body.quantity > left) {
          throw new HttpError(
            409,
            'OFFER_SOLD_OUT',
            left > 0
              ? `Er is nog maar ${left} over van dit aanbod; kies hoogstens ${left}.`
              : 'Dit aanbod is uitverkocht.',
          );
        }
        const total = product.priceCents * body.quantity;
        await assertCanPromise(tx, appId, user.id, total, {
          insufficient: (available) =>
            `Je hebt niet genoeg plukgeld beschikbaar: dit kost ${formatVirtualMoney(total)}, je hebt ${formatVirtualMoney(available)} beschikbaar.`,
        });
        const buyer = await personOf(tx, appId, user.id);
        const [row] = await tenantDb(tx, appId)
          .insert(productReservations)
          .values({
            appId,
            productId: product.id,
            userId: user.id,
            quantity: body.quantity,
            unitPriceCents: product.priceCents,
            totalCents: total,
            idempotencyKey: key,
          })
          .returning({ id: productReservations.id });
        await moveTaken(tx, appId, product.id, body.quantity);
        const created = await insertNotifications(tx, appId, [
          reservedNotification(
            product.ownerUserId,
            product,
            `${buyer.firstName} ${buyer.lastName}`.trim(),
            body.quantity,
            total,
          ),
        ]);
        return { id: row!.id, created };
      });
      reservationId = result.id;
      app.push.deliver(result.created);
    } catch (error) {
      if (key && isUniqueViolation(error, 'product_reservations_app_key')) {
        const earlier = await reservationByKey(app.db, user, key);
        if (!earlier) throw error;
        reservationId = sameReservationOrThrow(earlier, body).id;
      } else throw error;
    }
  }
  const reservation = await reservationById(app.db, appId, reservationId);
  return { reservation, offer: await offerDetail(app.db, user, reservation.offerId) };
}

/** The offer a reservation of this app belongs to (404 for another app's reservation). */
async function productOfReservation(db: Database, appId: string, reservationId: number): Promise<number> {
  const [row] = await tenantDb(db, appId)
    .select({ productId: productReservations.productId })
    .from(productReservations)
    .where(eq(productReservations.id, reservationId));
  if (!row) throw notFound();
  return row.productId;
}

/**
 * Confirms a reservation as paid: the offer's owner (or a ProductManager). For a priced offer the total
 * moves buyer → owner through the ledger (key `purchase:<id>`) in the same transaction. A repeated
 * confirm is a 200 that changes nothing; a refused or cancelled reservation is 409.
 */
export async function confirmReservation(
  app: FastifyInstance,
  actor: Actor,
  reservationId: number,
): Promise<OfferDetail> {
  const { user } = actor;
  const appId = user.appId;
  const productId = await productOfReservation(app.db, appId, reservationId);
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const product = await lockProduct(tx, appId, productId);
    if (!actor.asManager && product.ownerUserId !== user.id) throw forbidden();
    const reservation = await lockReservation(tx, appId, reservationId);
    if (reservation.status === 'paid') return [];
    if (reservation.status !== 'reserved') throw new HttpError(409, 'RESERVATION_ALREADY_HANDLED');
    if (reservation.totalCents > 0) {
      const from = await memberWalletId(tx, appId, reservation.userId);
      const to = await memberWalletId(tx, appId, product.ownerUserId);
      await moveMoney(tx, {
        appId,
        fromWalletId: from,
        toWalletId: to,
        amountCents: reservation.totalCents,
        kind: 'purchase',
        description: `${product.title} (${reservation.quantity}${product.unit ? ` ${product.unit}` : ''})`,
        idempotencyKey: `purchase:${reservation.id}`,
        reservationId: reservation.id,
        createdByUserId: user.id,
      });
    }
    await tenantDb(tx, appId)
      .update(productReservations)
      .set({ status: 'paid', handledAt: sql`now()` })
      .where(eq(productReservations.id, reservationId));
    return insertNotifications(tx, appId, [
      paidNotification(reservation.userId, product, reservation.quantity, reservation.totalCents),
    ]);
  });
  app.push.deliver(created);
  return offerDetail(app.db, user, productId, { seesAll: true });
}

/**
 * Refuses a waiting reservation: its quantity is free again and nothing is paid. A repeated refuse
 * changes nothing; a paid reservation cannot be refused (no refunds in this issue, ADR 061).
 */
export async function refuseReservation(
  app: FastifyInstance,
  actor: Actor,
  reservationId: number,
): Promise<OfferDetail> {
  const { user } = actor;
  const appId = user.appId;
  const productId = await productOfReservation(app.db, appId, reservationId);
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const product = await lockProduct(tx, appId, productId);
    if (!actor.asManager && product.ownerUserId !== user.id) throw forbidden();
    const reservation = await lockReservation(tx, appId, reservationId);
    if (reservation.status === 'refused') return [];
    if (reservation.status !== 'reserved') throw new HttpError(409, 'RESERVATION_ALREADY_HANDLED');
    await tenantDb(tx, appId)
      .update(productReservations)
      .set({ status: 'refused', handledAt: sql`now()` })
      .where(eq(productReservations.id, reservationId));
    await moveTaken(tx, appId, productId, -reservation.quantity);
    return insertNotifications(tx, appId, [
      refusedNotification(reservation.userId, product, reservation.quantity),
    ]);
  });
  app.push.deliver(created);
  return offerDetail(app.db, user, productId, { seesAll: true });
}

/** The taker withdraws their reservation while it waits; a repeated cancel changes nothing. */
export async function cancelReservation(
  db: Database,
  user: AuthUser,
  reservationId: number,
): Promise<OfferDetail> {
  const appId = user.appId;
  const productId = await productOfReservation(db, appId, reservationId);
  await inTransaction(db, async (tx) => {
    await lockProduct(tx, appId, productId);
    const reservation = await lockReservation(tx, appId, reservationId);
    if (reservation.userId !== user.id) throw notFound();
    if (reservation.status === 'cancelled') return;
    if (reservation.status !== 'reserved') throw new HttpError(409, 'RESERVATION_ALREADY_HANDLED');
    await tenantDb(tx, appId)
      .update(productReservations)
      .set({ status: 'cancelled', handledAt: sql`now()` })
      .where(eq(productReservations.id, reservationId));
    await moveTaken(tx, appId, productId, -reservation.quantity);
  });
  return offerDetail(db, user, productId);
}
