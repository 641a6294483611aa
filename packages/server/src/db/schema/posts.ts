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
  unique,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
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
    /**
     * The list's plain-text start of `body` (`excerptOf`), written with the body so no list reads it
     * (ADR 056); null on posts from before 0004 until a list first shows them.
     */
    excerpt: text('excerpt'),
    isActive: boolean('is_active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_app_published_id').on(t.appId, t.publishedAt, t.id),
    // The member list and the manager's "active" list: active posts only, newest first.
    index('posts_app_active_published_id')
      .on(t.appId, t.publishedAt, t.id)
      .where(sql`${t.isActive}`),
    unique('posts_app_id_id').on(t.appId, t.id),
    farmReference('posts_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
    index('posts_app_created_by').on(t.appId, t.createdByUserId),
  ],
);

/** The images and attachments of a post, in order. */
export const postMedia = pgTable(
  'post_media',
  {
    appId: appIdColumn(),
    postId: integer('post_id').notNull(),
    mediaId: integer('media_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.mediaId] }),
    farmReference('post_media_post_fk', t.appId, t.postId, posts).onDelete('cascade'),
    farmReference('post_media_media_fk', t.appId, t.mediaId, media).onDelete('cascade'),
    index('post_media_app_post').on(t.appId, t.postId),
    index('post_media_app_media').on(t.appId, t.mediaId),
  ],
);

/** Who a post was e-mailed to (SendWithEmail), one row per recipient and sending. */
export const postEmailDeliveries = pgTable(
  'post_email_deliveries',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    postId: integer('post_id').notNull(),
    userId: integer('user_id'),
    toAddress: text('to_address').notNull(),
    status: text('status').notNull(),
    sentByUserId: integer('sent_by_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('post_email_deliveries_status', sql`${t.status} in ('sent', 'not_sent', 'failed')`),
    index('post_email_deliveries_post').on(t.appId, t.postId),
    index('post_email_deliveries_app_user').on(t.appId, t.userId),
    index('post_email_deliveries_app_sent_by').on(t.appId, t.sentByUserId),
    farmReference('post_email_deliveries_post_fk', t.appId, t.postId, posts).onDelete('cascade'),
    farmReference('post_email_deliveries_user_fk', t.appId, t.userId, users).onDelete('set null'),
    farmReference('post_email_deliveries_sent_by_fk', t.appId, t.sentByUserId, users).onDelete('set null'),
  ],
);
