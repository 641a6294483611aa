import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A member's message to the farm; a manager marks it handled, optionally with an answer. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    isHandled: boolean('is_handled').notNull().default(false),
    answer: text('answer'),
    handledByUserId: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_app_created').on(t.appId, t.createdAt), index('feedback_user').on(t.userId)],
);
