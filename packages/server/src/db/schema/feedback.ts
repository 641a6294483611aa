import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A member's message to the farm; a manager marks it handled, optionally with an answer. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id'),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    isHandled: boolean('is_handled').notNull().default(false),
    answer: text('answer'),
    handledByUserId: integer('handled_by_user_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_app_created').on(t.appId, t.createdAt),
    index('feedback_user_created').on(t.appId, t.userId, t.createdAt, t.id),
    // The manager's list: unhandled first, the newest first.
    index('feedback_app_handled_created_id').on(t.appId, t.isHandled, t.createdAt.desc(), t.id.desc()),
    index('feedback_app_handled_by').on(t.appId, t.handledByUserId),
    farmReference('feedback_user_fk', t.appId, t.userId, users).onDelete('set null'),
    farmReference('feedback_handled_by_fk', t.appId, t.handledByUserId, users).onDelete('set null'),
  ],
);
