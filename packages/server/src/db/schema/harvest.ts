import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { media } from './media.js';
import { subscriptions } from './subscriptions.js';

/** A field: a place on the farm where crops grow. */
export const fields = pgTable(
  'fields',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fields_app_id_id').on(t.appId, t.id),
    uniqueIndex('fields_app_name').on(t.appId, sql`lower(${t.name})`),
    index('fields_app_position_name').on(t.appId, t.position, t.name, t.id),
  ],
);

/** A crop (an article in the cooperative wording). The name is unique per farm, case-insensitively. */
export const crops = pgTable(
  'crops',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    howToHarvest: text('how_to_harvest').notNull().default(''),
    /** One line for the member's pluk list. */
    hint: text('hint').notNull().default(''),
    unit: text('unit').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('crops_app_id_id').on(t.appId, t.id),
    // Import updates by name; the manager's list is ordered by it (keyset on lower(name), id).
    uniqueIndex('crops_app_name').on(t.appId, sql`lower(${t.name})`),
    index('crops_app_lower_name_id').on(t.appId, sql`lower(${t.name})`, t.id),
    // The name filter within the farm (btree_gin, ADR 099).
    index('crops_app_name_trgm').using('gin', t.appId, sql`${t.name} gin_trgm_ops`),
  ],
);

/** Which fields a crop grows on. A field with crops is not deleted (FIELD_IN_USE). */
export const cropFields = pgTable(
  'crop_fields',
  {
    appId: appIdColumn(),
    cropId: integer('crop_id').notNull(),
    fieldId: integer('field_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cropId, t.fieldId] }),
    index('crop_fields_app_crop').on(t.appId, t.cropId),
    index('crop_fields_app_field').on(t.appId, t.fieldId),
    farmReference('crop_fields_crop_fk', t.appId, t.cropId, crops).onDelete('cascade'),
    farmReference('crop_fields_field_fk', t.appId, t.fieldId, fields),
  ],
);

/** The photos of a crop, in order; uploaded files live in `media`. */
export const cropPhotos = pgTable(
  'crop_photos',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    cropId: integer('crop_id').notNull(),
    mediaId: integer('media_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('crop_photos_crop_media').on(t.appId, t.cropId, t.mediaId),
    index('crop_photos_app_media').on(t.appId, t.mediaId),
    farmReference('crop_photos_crop_fk', t.appId, t.cropId, crops).onDelete('cascade'),
    farmReference('crop_photos_media_fk', t.appId, t.mediaId, media).onDelete('cascade'),
  ],
);

/** Pluk: per crop and subscription, whether it may be picked now and how much per share. */
export const plukAvailability = pgTable(
  'pluk_availability',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    cropId: integer('crop_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    isPickable: boolean('is_pickable').notNull().default(false),
    amountPerShare: text('amount_per_share').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pluk_availability_crop_subscription').on(t.appId, t.cropId, t.subscriptionId),
    // The member's pluk of the week: the pickable crops of a subscription.
    index('pluk_availability_app_subscription').on(t.appId, t.subscriptionId, t.isPickable),
    farmReference('pluk_availability_crop_fk', t.appId, t.cropId, crops).onDelete('cascade'),
    farmReference('pluk_availability_subscription_fk', t.appId, t.subscriptionId, subscriptions).onDelete(
      'cascade',
    ),
  ],
);

/**
 * One round of the pluk mail: which subscriptions it went to, under the manager's idempotency key (the
 * same key answers the same round). Its e-mails are jobs with group key `pluk-mail:<id>`.
 */
export const plukMailRounds = pgTable(
  'pluk_mail_rounds',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    idempotencyKey: text('idempotency_key').notNull(),
    subscriptionIds: integer('subscription_ids').array().notNull(),
    subscriptionNames: text('subscription_names').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pluk_mail_rounds_app_key').on(t.appId, t.idempotencyKey),
    index('pluk_mail_rounds_app_created_id').on(t.appId, t.createdAt, t.id),
  ],
);
