import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { appIdColumn, farmReference } from './apps.js';
import { bytea, createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A member's copy of their data (decision 101): asked for, prepared by a background job, and kept as a
 * ZIP in `data` for 24 hours. The hourly pruning job empties `data` once `expires_at` has passed (the
 * download then answers 410) and deletes rows older than 30 days. At most one export of a member is
 * being prepared at a time (the partial unique index), so a repeated click starts nothing new.
 */
export const myDataExports = pgTable(
  'my_data_exports',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('preparing'),
    data: bytea('data'),
    sizeBytes: integer('size_bytes'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('my_data_exports_status', sql`${t.status} in ('preparing', 'ready', 'failed')`),
    index('my_data_exports_user').on(t.appId, t.userId, t.id),
    index('my_data_exports_expires').on(t.appId, t.expiresAt),
    uniqueIndex('my_data_exports_one_preparing')
      .on(t.appId, t.userId)
      .where(sql`${t.status} = 'preparing'`),
    farmReference('my_data_exports_user_fk', t.appId, t.userId, users).onDelete('cascade'),
  ],
);
