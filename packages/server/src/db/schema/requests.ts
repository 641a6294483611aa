import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * A member's request (help, a tool, produce) with an optional reward in virtual money. `open` → taken by
 * another member (`taken`) → the requester confirms (`completed`, the reward moves) or refuses (`open`
 * again). A RequestManager or the requester may close it (`closed`).
 */
export const requests = pgTable(
  'requests',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    requesterUserId: integer('requester_user_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rewardCents: integer('reward_cents').notNull().default(0),
    status: text('status').notNull().default('open'),
    /** After this moment the request has ended; null: until completed or closed. */
    neededBy: timestamp('needed_by', { withTimezone: true }),
    takenByUserId: integer('taken_by_user_id'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('requests_reward_not_negative', sql`${t.rewardCents} >= 0`),
    check('requests_status', sql`${t.status} in ('open', 'taken', 'completed', 'closed')`),
    unique('requests_app_id_id').on(t.appId, t.id),
    index('requests_app_status_created').on(t.appId, t.status, t.createdAt, t.id),
    index('requests_app_created_id').on(t.appId, t.createdAt, t.id),
    index('requests_app_requester').on(t.appId, t.requesterUserId),
    index('requests_app_taken_by').on(t.appId, t.takenByUserId),
    // The analyst's request series (decision 085): taken and completed over a range.
    index('requests_app_taken_at').on(t.appId, t.takenAt),
    index('requests_app_completed_at').on(t.appId, t.completedAt),
    farmReference('requests_requester_fk', t.appId, t.requesterUserId, users).onDelete('cascade'),
    farmReference('requests_taken_by_fk', t.appId, t.takenByUserId, users).onDelete('set null'),
  ],
);
