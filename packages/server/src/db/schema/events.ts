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

/** A farm event; capacity null means unlimited. Ended when `ends_at` is past. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Places in all, guests included; null = unlimited. */
    capacity: integer('capacity'),
    isClosed: boolean('is_closed').notNull().default(false),
    createdByUserId: integer('created_by_user_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('events_capacity_positive', sql`${t.capacity} is null or ${t.capacity} >= 1`),
    check('events_ends_after_start', sql`${t.endsAt} >= ${t.startsAt}`),
    index('events_app_starts_id').on(t.appId, t.startsAt, t.id),
    // Events not ended, by end (ADR 066): the list's capped total and hasEnded filter as a range.
    index('events_app_ends').on(t.appId, t.endsAt),
    unique('events_app_id_id').on(t.appId, t.id),
    farmReference('events_created_by_fk', t.appId, t.createdByUserId, users).onDelete('set null'),
    index('events_app_created_by').on(t.appId, t.createdByUserId),
  ],
);

/** A member's sign-up for an event, with the guests they bring; an EventManager confirms or refuses. */
export const eventAttendances = pgTable(
  'event_attendances',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    eventId: integer('event_id').notNull(),
    userId: integer('user_id').notNull(),
    guests: integer('guests').notNull().default(0),
    status: text('status').notNull().default('waiting'),
    handledByUserId: integer('handled_by_user_id'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('event_attendances_status', sql`${t.status} in ('waiting', 'confirmed', 'refused')`),
    check('event_attendances_guests', sql`${t.guests} >= 0`),
    uniqueIndex('event_attendances_event_user').on(t.appId, t.eventId, t.userId),
    index('event_attendances_user').on(t.appId, t.userId),
    // The attendance sheets: oldest sign-up first.
    index('event_attendances_event_created').on(t.appId, t.eventId, t.createdAt, t.id),
    index('event_attendances_app_handled_by').on(t.appId, t.handledByUserId),
    // The to-do list's event sign-ups to confirm, and the events list's filter (decision 092).
    index('event_attendances_waiting')
      .on(t.appId, t.eventId)
      .where(sql`${t.status} = 'waiting'`),
    farmReference('event_attendances_event_fk', t.appId, t.eventId, events).onDelete('cascade'),
    farmReference('event_attendances_user_fk', t.appId, t.userId, users).onDelete('cascade'),
    farmReference('event_attendances_handled_by_fk', t.appId, t.handledByUserId, users).onDelete('set null'),
  ],
);
