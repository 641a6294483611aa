import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { apps } from './apps.js';

/** Key/value settings per app; members may read only the keys marked public. */
export const settings = pgTable(
  'settings',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    isPublic: boolean('is_public').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);
