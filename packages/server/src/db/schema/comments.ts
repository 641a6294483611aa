import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A comment on a task, event, post or (later) market offer: `subject_type` + `subject_id`. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    userId: integer('user_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    check('comments_subject_type', sql`${t.subjectType} in ('task', 'event', 'post', 'offer')`),
    index('comments_subject_created').on(t.appId, t.subjectType, t.subjectId, t.createdAt, t.id),
    farmReference('comments_user_fk', t.appId, t.userId, users).onDelete('set null'),
    index('comments_app_user').on(t.appId, t.userId),
  ],
);
