import { index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';

/**
 * One spreadsheet import as a batch (decision 094): what it created and what it changed, so the whole
 * import can be undone while nothing uses its rows. `kind` names the list it wrote (`crops`).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull().default(''),
    createdByUserId: integer('created_by_user_id'),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByUserId: integer('undone_by_user_id'),
  },
  (t) => [
    unique('import_batches_app_id_id').on(t.appId, t.id),
    index('import_batches_app_kind_id').on(t.appId, t.kind, t.id),
  ],
);

/**
 * One row an import created or changed: `previous` holds what an updated row was before (its values and
 * links), so undo can put it back; a created row has none and is deleted by undo.
 */
export const importBatchItems = pgTable(
  'import_batch_items',
  {
    appId: appIdColumn(),
    batchId: integer('batch_id').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action', { enum: ['create', 'update'] }).notNull(),
    previous: jsonb('previous'),
  },
  (t) => [
    index('import_batch_items_app_batch').on(t.appId, t.batchId),
    farmReference('import_batch_items_batch_fk', t.appId, t.batchId, importBatches).onDelete('cascade'),
  ],
);
