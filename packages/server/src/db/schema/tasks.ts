import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appIdColumn, farmReference } from './apps.js';
import { createdAt } from './columns.js';
import { users } from './users.js';

/** A chore (klusje) members can take; a TaskManager confirms or refuses each taker. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Where on the farm (free text until fields can be picked; see decision 040). */
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    places: integer('places').notNull(),
    creditsPerPerson: integer('credits_per_person').notNull().default(0),
    isClosed: boolean('is_closed').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tasks_places_positive', sql`${t.places} >= 1`),
    check('tasks_credits_non_negative', sql`${t.creditsPerPerson} >= 0`),
    check('tasks_ends_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
    index('tasks_app_starts_id').on(t.appId, t.startsAt, t.id),
    // The open chores by end (ADR 066): the home's and /tasks' capped total and filter, a range of this index
    // instead of every chore of the farm's history.
    index('tasks_open_app_ends')
      .on(t.appId, t.endsAt)
      .where(sql`not ${t.isClosed}`),
    unique('tasks_app_id_id').on(t.appId, t.id),
    farmReference('tasks_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
    index('tasks_app_created_by').on(t.appId, t.createdByUserId),
  ],
);

/** A member's assignment to a task: waiting until a TaskManager confirms or refuses it. */
export const taskAssignments = pgTable(
  'task_assignments',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    taskId: integer('task_id').notNull(),
    userId: integer('user_id').notNull(),
    status: text('status').notNull().default('waiting'),
    handledByUserId: integer('handled_by_user_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('task_assignments_status', sql`${t.status} in ('waiting', 'confirmed', 'refused')`),
    uniqueIndex('task_assignments_task_user').on(t.appId, t.taskId, t.userId),
    index('task_assignments_user').on(t.appId, t.userId),
    index('task_assignments_app_handled_by').on(t.appId, t.handledByUserId),
    // The analyst's chore series (decision 085): taken and handled over a range.
    index('task_assignments_app_created').on(t.appId, t.createdAt),
    index('task_assignments_app_handled_at').on(t.appId, t.handledAt),
    // The to-do list's chore sign-ups to confirm, and the chores list's filter (decision 092).
    index('task_assignments_waiting')
      .on(t.appId, t.taskId)
      .where(sql`${t.status} = 'waiting'`),
    unique('task_assignments_app_id_id').on(t.appId, t.id),
    farmReference('task_assignments_task_fk', t.appId, t.taskId, tasks).onDelete('cascade'),
    farmReference('task_assignments_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    farmReference('task_assignments_handled_by_fk', t.appId, t.handledByUserId, users).onDelete('set null'),
  ],
);
