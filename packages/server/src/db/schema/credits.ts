import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { taskAssignments } from './tasks.js';
import { users } from './users.js';

/**
 * Credits (werkpunten) earned, one row per confirmed task assignment. The unique assignment id makes
 * a retried or repeated confirm unable to grant twice.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: integer('user_id').notNull(),
    taskAssignmentId: integer('task_assignment_id'),
    /** The harvest year (named by the calendar year it starts in) the credits count for. */
    harvestYear: integer('harvest_year').notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_entries_assignment').on(t.taskAssignmentId),
    index('credit_entries_user_year').on(t.appId, t.userId, t.harvestYear),
    index('credit_entries_app_assignment').on(t.appId, t.taskAssignmentId),
    // The analyst's credits earned over a range (decision 085).
    index('credit_entries_app_created').on(t.appId, t.createdAt),
    farmReference('credit_entries_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    farmReference('credit_entries_assignment_fk', t.appId, t.taskAssignmentId, taskAssignments).onDelete(
      'set null',
    ),
  ],
);
