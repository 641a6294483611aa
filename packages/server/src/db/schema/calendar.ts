import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A member's personal calendar feed (decision 100): the secret of its link as a SHA-256 hash (null
 * once revoked or before the first link), and whether it carries all of the farm's events. Renewing
 * replaces the hash, so the old link stops working at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').unique(),
    allEvents: boolean('all_events').notNull().default(false),
    /** When the current link was made (null without a link). */
    linkCreatedAt: timestamp('link_created_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.userId] }),
    farmReference('calendar_feeds_user_fk', t.appId, t.userId, users).onDelete('cascade'),
  ],
);
