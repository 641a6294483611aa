import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { media } from './media.js';
import { users } from './users.js';

/** A market offer (product): something a member (or the farm) offers for virtual money or for free. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    ownerUserId: integer('owner_user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Price per unit in cents of virtual money; 0 is free. */
    priceCents: integer('price_cents').notNull().default(0),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull().default(''),
    pickupInfo: text('pickup_info').notNull().default(''),
    /** After this moment the offer has ended (home and list show it no more); null: until closed. */
    availableUntil: timestamp('available_until', { withTimezone: true }),
    isClosed: boolean('is_closed').notNull().default(false),
    /**
     * What is reserved or paid of the offer (Σ quantity of its `reserved` and `paid` reservations), kept
     * by the market service in the transaction of every reservation change, under the offer's row lock
     * (ADR 070); quantity − this is what is left.
     */
    takenQuantity: integer('taken_quantity').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
    check('products_quantity_positive', sql`${t.quantity} >= 1`),
    check('products_taken_in_range', sql`${t.takenQuantity} between 0 and ${t.quantity}`),
    unique('products_app_id_id').on(t.appId, t.id),
    index('products_app_created_id').on(t.appId, t.createdAt, t.id),
    // The member list and home block (open, not sold out), newest first: an index range (ADR 070).
    index('products_open_app_created_id')
      .on(t.appId, t.createdAt, t.id)
      .where(sql`not ${t.isClosed} and ${t.takenQuantity} < ${t.quantity}`),
    index('products_app_owner').on(t.appId, t.ownerUserId),
    // The title search, within the farm: app_id inside the trigram index (btree_gin, ADR 099), so a
    // search costs what the farm holds, not every farm's matching offers.
    index('products_app_title_trgm').using('gin', t.appId, sql`${t.title} gin_trgm_ops`),
    farmReference('products_owner_fk', t.appId, t.ownerUserId, users).onDelete('cascade'),
  ],
);

/** The photos of an offer, in order; uploaded files live in `media`. */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    productId: integer('product_id').notNull(),
    mediaId: integer('media_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_photos_product_media').on(t.appId, t.productId, t.mediaId),
    index('product_photos_app_media').on(t.appId, t.mediaId),
    farmReference('product_photos_product_fk', t.appId, t.productId, products).onDelete('cascade'),
    farmReference('product_photos_media_fk', t.appId, t.mediaId, media).onDelete('cascade'),
  ],
);

/**
 * A reservation of a quantity of an offer (take or buy): `reserved` until the owner confirms it as paid
 * (the price moves buyer → owner in that transaction) or refuses it; the taker may cancel while reserved.
 * The price is fixed when reserving. `idempotency_key` makes a repeated take/buy return the same row.
 */
export const productReservations = pgTable(
  'product_reservations',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    productId: integer('product_id').notNull(),
    userId: integer('user_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').notNull().default('reserved'),
    idempotencyKey: text('idempotency_key'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('product_reservations_quantity_positive', sql`${t.quantity} >= 1`),
    check('product_reservations_price_not_negative', sql`${t.unitPriceCents} >= 0 and ${t.totalCents} >= 0`),
    check('product_reservations_status', sql`${t.status} in ('reserved', 'paid', 'refused', 'cancelled')`),
    unique('product_reservations_app_id_id').on(t.appId, t.id),
    uniqueIndex('product_reservations_app_key').on(t.appId, t.userId, t.idempotencyKey),
    index('product_reservations_product_status').on(t.appId, t.productId, t.status),
    index('product_reservations_user_created').on(t.appId, t.userId, t.createdAt, t.id),
    // The analyst's sales over a range (decision 085).
    index('product_reservations_app_handled_at').on(t.appId, t.handledAt),
    // The to-do list's reservations waiting for the owner, and the offers list's filter (decision 092).
    index('product_reservations_reserved')
      .on(t.appId, t.productId)
      .where(sql`${t.status} = 'reserved'`),
    farmReference('product_reservations_product_fk', t.appId, t.productId, products).onDelete('cascade'),
    farmReference('product_reservations_user_fk', t.appId, t.userId, users).onDelete('cascade'),
  ],
);
