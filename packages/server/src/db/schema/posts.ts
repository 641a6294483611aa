import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { appIdColumn } from './apps.js';
import { createdAt } from './columns.js';
import { media } from './media.js';
import { users } from './users.js';

/** News from the farm. `body` is sanitized HTML (no script survives); members see active posts. */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posts_app_published').on(t.appId, t.publishedAt)],
);

/** The images and attachments of a post, in order. */
export const postMedia = pgTable(
  'post_media',
  {
    appId: appIdColumn(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.mediaId] })],
);

/** Who a post was e-mailed to (SendWithEmail), one row per recipient and sending. */
export const postEmailDeliveries = pgTable(
  'post_email_deliveries',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    status: text('status').notNull(),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('post_email_deliveries_status', sql`${t.status} in ('sent', 'not_sent', 'failed')`),
    index('post_email_deliveries_post').on(t.postId),
  ],
);
