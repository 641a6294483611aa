import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * An uploaded image or document. The bytes live in a file under `DATA_DIR/media/<appId>/`, named by
 * `storage_key` (random, never the uploader's file name); the row keeps the original name and type.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** 'image' (shown inline) or 'document' (downloaded). */
    kind: text('kind').notNull(),
    title: text('title').notNull().default(''),
    uploadedByUserId: integer('uploaded_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_app_created').on(t.appId, t.createdAt),
    unique('media_app_id_id').on(t.appId, t.id),
    farmReference('media_uploaded_by_fk', t.appId, t.uploadedByUserId, users).onDelete('set null'),
    index('media_app_uploaded_by').on(t.appId, t.uploadedByUserId),
  ],
);
