import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { and, asc, eq, gte, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { tenantDb } from '../../db/tenant.js';
import { eventAttendances, events, taskAssignments, tasks } from '../../db/schema/index.js';
import { publicUrlOf } from '../../lib/public-url.js';
import type { Tenant } from '../../types.js';
import { farmTimeZone } from '../harvest-year.js';
import type { FeedOwner } from './calendar.js';

/** How far back the feed reaches: what ended longer ago than this is history, not agenda (decision 100). */
const pastDays = 90;
/** At most this many items of each kind: a feed stays small enough for any calendar app. */
const perKind = 500;
/** Calendar apps are asked to fetch again after an hour (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const refreshSeconds = 3600;

const signUpWords = { waiting: 'Wacht op bevestiging', confirmed: 'Bevestigd' } as const;
const attendanceWords = { waiting: 'Aangemeld', confirmed: 'Bevestigd' } as const;

/** A sign-up the feed shows: waiting or confirmed. A refused one is left out, like a cancelled one. */
const shownStatuses = ['waiting', 'confirmed'] as const;
type ShownStatus = (typeof shownStatuses)[number];

/** SEQUENCE from the row's update time: whole seconds since 2020, so it only grows (RFC 5545 §3.8.7.4). */
const sequenceOf = (updatedAt: Date) =>
  Math.max(0, Math.floor((updatedAt.getTime() - Date.UTC(2020, 0, 1)) / 1000));

const lines = (...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part && part.trim()).join('\n\n');

/**
 * The member's calendar as iCalendar text (RFC 5545, decision 100): the chores and events they signed up
 * for (waiting or confirmed) and, when chosen, every event of the farm; times in the farm's zone with its
 * VTIMEZONE. A UID names the farm and the row, so an item keeps its place in the member's calendar across
 * fetches; what was cancelled, refused or deleted is simply no longer in the feed, and calendar apps drop
 * it at the next fetch.
 */
export async function calendarFeed(
  app: FastifyInstance,
  tenant: Tenant,
  owner: FeedOwner,
  now = new Date(),
): Promise<string> {
  const farm = tenantDb(app.db, tenant.appId);
  const since = new Date(now.getTime() - pastDays * 86_400_000);
  const base = await publicUrlOf(app, tenant.appId);
  const host = new URL(base).hostname;
  const uid = (kind: 'task' | 'event', id: number) => `pluk-${tenant.appId}-${kind}-${id}@${host}`;
  const zoned = (date: Date) => new TZDate(date, farmTimeZone);

  const myTasks = await farm
    .select({ task: tasks, status: taskAssignments.status })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(
      and(
        eq(taskAssignments.userId, owner.userId),
        inArray(taskAssignments.status, [...shownStatuses]),
        gte(tasks.endsAt, since),
      ),
    )
    .orderBy(asc(tasks.startsAt), asc(tasks.id))
    .limit(perKind);
  const myEvents = await farm
    .select({ event: events, status: eventAttendances.status, guests: eventAttendances.guests })
    .from(eventAttendances)
    .innerJoin(events, eq(events.id, eventAttendances.eventId))
    .where(
      and(
        eq(eventAttendances.userId, owner.userId),
        inArray(eventAttendances.status, [...shownStatuses]),
        gte(events.endsAt, since),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(perKind);
  const mine = myEvents.map((row) => row.event.id);
  const farmEvents = owner.allEvents
    ? await farm
        .select({ event: events })
        .from(events)
        .where(and(gte(events.endsAt, since), mine.length ? notInArray(events.id, mine) : undefined))
        .orderBy(asc(events.startsAt), asc(events.id))
        .limit(perKind)
    : [];

  const calendar = ical({
    name: `${tenant.name} · mijn agenda`,
    prodId: { company: 'Pluk', product: 'Mijn agenda', language: 'NL' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: refreshSeconds,
    // The VTIMEZONE of every zone an item uses; no calendar-wide zone, so DTSTAMP and LAST-MODIFIED
    // stay in UTC as RFC 5545 wants them.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.x('X-WR-TIMEZONE', farmTimeZone);

  const add = (item: {
    uid: string;
    row: {
      title: string;
      description: string;
      location: string;
      startsAt: Date;
      endsAt: Date;
      updatedAt: Date;
    };
    summary: string;
    statusLine: string | null;
    status: ICalEventStatus;
    url: string;
  }) =>
    calendar.createEvent({
      id: item.uid,
      start: zoned(item.row.startsAt),
      end: zoned(item.row.endsAt),
      timezone: farmTimeZone,
      stamp: now,
      lastModified: item.row.updatedAt,
      sequence: sequenceOf(item.row.updatedAt),
      summary: item.summary,
      location: item.row.location || null,
      description: lines(item.statusLine, item.row.description, item.url),
      url: item.url,
      status: item.status,
    });

  const statusOf = (status: ShownStatus) =>
    status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE;
  for (const { task, status } of myTasks) {
    const shown = status as ShownStatus;
    add({
      uid: uid('task', task.id),
      row: task,
      summary: `Klusje: ${task.title}`,
      statusLine: signUpWords[shown],
      status: statusOf(shown),
      url: `${base}/tasks/${task.id}`,
    });
  }
  for (const { event, status, guests } of myEvents) {
    const shown = status as ShownStatus;
    const withGuests = guests > 0 ? ` (met ${guests} ${guests === 1 ? 'gast' : 'gasten'})` : '';
    add({
      uid: uid('event', event.id),
      row: event,
      summary: event.title,
      statusLine: `${attendanceWords[shown]}${withGuests}`,
      status: statusOf(shown),
      url: `${base}/events/${event.id}`,
    });
  }
  for (const { event } of farmEvents) {
    add({
      uid: uid('event', event.id),
      row: event,
      summary: event.title,
      statusLine: null,
      status: ICalEventStatus.CONFIRMED,
      url: `${base}/events/${event.id}`,
    });
  }
  return calendar.toString();
}
