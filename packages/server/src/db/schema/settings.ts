import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { appIdColumn } from './apps.js';

/** Key/value settings per app; members may read only the keys marked public. */
export const settings = pgTable(
  'settings',
  {
    appId: appIdColumn(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);
