import { sql } from 'drizzle-orm';
import type {
  EventAttendanceStatus,
  EventSummary,
  ManagedAttendance,
  ManagedEvent,
  MyEventAttendance,
} from '@pluk/contract';
import { events } from '../../db/schema/index.js';

/** Sign-ups that hold places: waiting ("aangemeld") and confirmed ("bevestigd"). */
export const holdingStatuses = ['waiting', 'confirmed'] as const;

/**
 * Places held on an event: every waiting or confirmed member plus their guests. The outer table is
 * named in full: inside a select, Drizzle renders `${events.id}` as a bare `"id"`, which the subquery
 * would read as its own column.
 */
export const placesTakenSql = sql<number>`(select coalesce(sum(1 + a.guests), 0) from event_attendances a where a.app_id = "events"."app_id" and a.event_id = "events"."id" and a.status in ('waiting', 'confirmed'))::int`;

const countWith = (status: EventAttendanceStatus) =>
  sql<number>`(select count(*) from event_attendances a where a.app_id = "events"."app_id" and a.event_id = "events"."id" and a.status = ${status})::int`;

/**
 * The counts of the event in the outer query in one grouped pass over its sign-ups (`count(*) filter`):
 * waiting, confirmed, refused, and the places held (members plus guests of the holding ones).
 */
export const eventStatsSql = sql<
  number[]
>`(select array[count(*) filter (where a.status = 'waiting'), count(*) filter (where a.status = 'confirmed'), count(*) filter (where a.status = 'refused'), coalesce(sum(1 + a.guests) filter (where a.status in ('waiting', 'confirmed')), 0)]::int[] from event_attendances a where a.app_id = "events"."app_id" and a.event_id = "events"."id")`;

export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  location: events.location,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  capacity: events.capacity,
  isClosed: events.isClosed,
  placesTaken: placesTakenSql,
};

export const managedEventColumns = {
  ...eventColumns,
  waitingCount: countWith('waiting'),
  confirmedCount: countWith('confirmed'),
  refusedCount: countWith('refused'),
};

export interface EventRow {
  id: number;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number | null;
  isClosed: boolean;
  placesTaken: number;
}

export interface ManagedEventRow extends EventRow {
  waitingCount: number;
  confirmedCount: number;
  refusedCount: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Places still free; null = unlimited, never below 0 (a capacity lowered by hand never goes negative). */
export function placesLeft(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}

function core(row: EventRow, now: Date) {
  const placesTaken = Number(row.placesTaken);
  return {
    id: row.id,
    title: row.title,
    location: row.location,
    startDate: iso(row.startsAt),
    endDate: iso(row.endsAt),
    capacity: row.capacity,
    placesTaken,
    placesLeft: placesLeft(row.capacity, placesTaken),
    isClosed: row.isClosed,
    hasStarted: new Date(row.startsAt).getTime() <= now.getTime(),
    hasEnded: new Date(row.endsAt).getTime() < now.getTime(),
  };
}

export function presentEventSummary(
  row: EventRow,
  myAttendance: MyEventAttendance | null,
  now: Date,
): EventSummary {
  return { ...core(row, now), myAttendance };
}

export function presentManagedEvent(row: ManagedEventRow, now: Date): ManagedEvent {
  return {
    ...core(row, now),
    description: row.description,
    waitingCount: Number(row.waitingCount),
    confirmedCount: Number(row.confirmedCount),
    refusedCount: Number(row.refusedCount),
  };
}

export interface AttendanceRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  guests: number;
  status: string;
  createdAt: Date;
  handledAt: Date | null;
}

export function presentManagedAttendance(row: AttendanceRow): ManagedAttendance {
  return {
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    guests: row.guests,
    status: row.status as EventAttendanceStatus,
    signedUpAt: iso(row.createdAt),
    handledAt: row.handledAt ? iso(row.handledAt) : null,
  };
}

const dateFormat = new Intl.DateTimeFormat('nl-BE', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Europe/Brussels',
});

/** "zaterdag 14 maart 2026 om 10:00", in the farm's time zone (Belgium). */
export function dutchDateTime(value: Date): string {
  return dateFormat.format(value);
}
