import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, gte, inArray, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type {
  EventAttendeePage,
  EventDetail,
  EventList,
  EventTotals,
  ManagedAttendancePage,
  ManagedEventDetail,
  ManagedEventPage,
  eventInputSchema,
  eventListQuerySchema,
  managedEventQuerySchema,
  updateEventBodySchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { comments, eventAttendances, events, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import {
  dutchDateTime,
  eventColumns,
  eventStatsSql,
  holdingStatuses,
  managedEventColumns,
  placesLeft,
  presentEventSummary,
  presentManagedAttendance,
  presentManagedEvent,
} from './presenter.js';

type Tx = Database;
type ListQuery = z.output<typeof eventListQuerySchema>;
type EventValues = z.output<typeof eventInputSchema>;

const guestsText = (guests: number) => (guests === 1 ? '1 gast' : `${guests} gasten`);
const placesText = (places: number) => (places === 1 ? '1 plaats' : `${places} plaatsen`);

// --- Member side ---

/** The list's filter; `now` is a Date or the placeholder of the prepared query. */
function eventsWhere(appId: string, hasEnded: boolean | undefined, now: Date | Placeholder) {
  // Drizzle binds a placeholder wherever it binds a value.
  const at = now as Date;
  const conditions: SQL[] = [eq(events.appId, appId)];
  if (hasEnded === false) conditions.push(gte(events.endsAt, at));
  if (hasEnded === true) conditions.push(lt(events.endsAt, at));
  return and(...conditions);
}

/** The list's order, either way by start (index `events_app_starts_id`). */
const eventKeys = (direction: string | undefined): PageKey[] => [
  { column: events.startsAt, type: 'timestamptz', desc: direction === 'desc' },
  { column: events.id, type: 'integer', desc: direction === 'desc' },
];

/**
 * A page of the list, built once per app, filter, order and cursor (ADR 046); key
 * `appId|hasEnded|sortDirection|cursor` (cursor: `after` when the page follows a keyset cursor).
 */
const eventPageQuery = preparedQuery((db, key: string) => {
  const [appId = '', hasEnded, direction, cursor, win] = key.split('|');
  const window = windowOf(win);
  const order = direction === 'desc' ? desc : asc;
  const ended = hasEnded === 'true' ? true : hasEnded === 'false' ? false : undefined;
  const keys = eventKeys(direction);
  return tenantDb(db, appId)
    .select({
      ...eventColumns,
      myId: eventAttendances.id,
      myStatus: eventAttendances.status,
      myGuests: eventAttendances.guests,
      cursor: cursorColumn(keys),
      total: cappedTotal(tenantDb(db, appId), events, eventsWhere(appId, ended, sql.placeholder('now'))),
    })
    .from(events)
    .leftJoin(
      eventAttendances,
      and(eq(eventAttendances.eventId, events.id), eq(eventAttendances.userId, sql.placeholder('userId'))),
    )
    .where(
      and(
        eventsWhere(appId, ended, sql.placeholder('now')),
        cursor === 'after' ? afterCursor(keys, cursorPlaceholders(keys)) : undefined,
      ),
    )
    .orderBy(order(events.startsAt), order(events.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(
      `event_page_${direction === 'desc' ? 'desc' : 'asc'}${cursor === 'after' ? '_after' : ''}_${win}`,
    );
});

/** Events of the app, paged (page 0-based); hasEnded=false keeps those whose end is not past. */
export async function listEvents(
  app: FastifyInstance,
  appId: string,
  userId: number,
  query: ListQuery,
): Promise<EventList> {
  const now = new Date();
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const rows = await eventPageQuery(
    app.db,
    `${appId}|${query.hasEnded}|${query.sortDirection}|${query.after ? 'after' : ''}|${windowKey(request)}`,
    {
      userId,
      now: now.toISOString(),
      ...windowParams(request),
      ...cursorParams(eventKeys(query.sortDirection), query.after),
    },
  );
  const farm = tenantDb(app.db, appId);
  const page = await finishPage(
    rows,
    request,
    (row) =>
      presentEventSummary(
        row,
        row.myId === null
          ? null
          : {
              id: row.myId,
              status: row.myStatus as 'waiting' | 'confirmed' | 'refused',
              guests: row.myGuests ?? 0,
            },
        now,
      ),
    (cap) => countUpTo(farm, events, eventsWhere(appId, query.hasEnded, now), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** The totals of an event's sheet: members signed up (waiting or confirmed), their guests, the places. */
async function sheetTotals(db: Tx, appId: string, eventId: number): Promise<EventTotals> {
  const [row] = await tenantDb(db, appId)
    .select({
      members: sql<number>`count(*)::int`,
      guests: sql<number>`coalesce(sum(${eventAttendances.guests}), 0)::int`,
    })
    .from(eventAttendances)
    .where(
      and(
        eq(eventAttendances.eventId, eventId),
        eq(eventAttendances.appId, appId),
        inArray(eventAttendances.status, [...holdingStatuses]),
      ),
    );
  const members = Number(row?.members ?? 0);
  const guests = Number(row?.guests ?? 0);
  return { members, guests, places: members + guests };
}

/** 404 unless the event exists in this app. */
async function assertEventExists(db: Tx, appId: string, eventId: number): Promise<void> {
  const [row] = await tenantDb(db, appId)
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.appId, appId)));
  if (!row) throw notFound();
}

type SheetQuery = { page: number; pageSize: number; after?: string | undefined };

/** The order of an attendance sheet: oldest sign-up first (index `event_attendances_event_created`). */
const sheetKeys: PageKey[] = [
  { column: eventAttendances.createdAt, type: 'timestamptz' },
  { column: eventAttendances.id, type: 'integer' },
];

const sheetRequest = (query: SheetQuery) => ({
  offset: query.page * query.pageSize,
  pageSize: query.pageSize,
  after: query.after,
});

const sheetAfter = (query: SheetQuery) =>
  query.after ? afterCursor(sheetKeys, decodeCursor(sheetKeys, query.after)) : undefined;

/** One event with its description, my sign-up and the totals; the sheet is paged apart. */
export async function eventDetail(
  db: Tx,
  appId: string,
  userId: number,
  eventId: number,
): Promise<EventDetail> {
  const now = new Date();
  const [row] = await tenantDb(db, appId)
    .select(eventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.appId, appId)));
  if (!row) throw notFound();
  const mine = await myAttendance(tenantDb(db, appId), eventId, userId);
  return {
    ...presentEventSummary(
      row,
      mine
        ? { id: mine.id, status: mine.status as 'waiting' | 'confirmed' | 'refused', guests: mine.guests }
        : null,
      now,
    ),
    description: row.description,
    totals: await sheetTotals(db, appId, eventId),
  };
}

/** One page of the attendance sheet as members see it (who comes: waiting and confirmed), oldest first. */
export async function eventAttendees(
  db: Tx,
  appId: string,
  userId: number,
  eventId: number,
  query: SheetQuery,
): Promise<EventAttendeePage> {
  await assertEventExists(db, appId, eventId);
  const where = and(
    eq(eventAttendances.eventId, eventId),
    eq(eventAttendances.appId, appId),
    inArray(eventAttendances.status, [...holdingStatuses]),
  );
  const request = sheetRequest(query);
  const window = pageWindow(request);
  const sheet = await tenantDb(db, appId)
    .select({
      userId: eventAttendances.userId,
      status: eventAttendances.status,
      guests: eventAttendances.guests,
      firstName: users.firstName,
      lastName: users.lastName,
      cursor: cursorColumn(sheetKeys),
    })
    .from(eventAttendances)
    .innerJoin(users, eq(users.id, eventAttendances.userId))
    .where(and(where, sheetAfter(query)))
    .orderBy(asc(eventAttendances.createdAt), asc(eventAttendances.id))
    .limit(window.limit)
    .offset(window.offset);
  const farm = tenantDb(db, appId);
  const page = await finishPage(
    sheet,
    request,
    (line) => ({
      firstName: line.firstName,
      lastName: line.lastName,
      guests: line.guests,
      status: line.status as 'waiting' | 'confirmed',
      isMe: line.userId === userId,
    }),
    (cap) => countUpTo(farm, eventAttendances, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** The event row, locked for the rest of the transaction: sign-ups of one event take turns. */
async function lockEvent(tx: Tx, appId: string, eventId: number) {
  const [event] = await tenantDb(tx, appId)
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      capacity: events.capacity,
      isClosed: events.isClosed,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.appId, appId)))
    .for('update');
  if (!event) throw notFound();
  return event;
}

type LockedEvent = Awaited<ReturnType<typeof lockEvent>>;

/** Places held on the event by waiting and confirmed sign-ups (read under the event's lock). */
async function placesTaken(farm: TenantDb, eventId: number, exceptAttendanceId?: number): Promise<number> {
  const conditions: SQL[] = [
    eq(eventAttendances.eventId, eventId),
    inArray(eventAttendances.status, [...holdingStatuses]),
  ];
  if (exceptAttendanceId !== undefined) conditions.push(sql`${eventAttendances.id} <> ${exceptAttendanceId}`);
  const [row] = await farm
    .select({ taken: sql<number>`coalesce(sum(1 + ${eventAttendances.guests}), 0)::int` })
    .from(eventAttendances)
    .where(and(...conditions));
  return Number(row?.taken ?? 0);
}

/** Refuses a sign-up change on an event that is over, has started, or (unless allowed) is closed. */
function assertOpen(event: LockedEvent, now: Date, options: { closedAllowed?: boolean } = {}): void {
  if (event.endsAt.getTime() < now.getTime()) throw new HttpError(409, 'EVENT_ENDED');
  if (event.startsAt.getTime() <= now.getTime()) throw new HttpError(409, 'EVENT_STARTED');
  if (event.isClosed && !options.closedAllowed) throw new HttpError(409, 'EVENT_CLOSED');
}

/** Refuses when `wanted` places do not fit next to the places `taken` already. */
function assertRoom(event: LockedEvent, taken: number, guests: number): void {
  if (event.capacity === null) return;
  const wanted = 1 + guests;
  if (taken + wanted <= event.capacity) return;
  const left = placesLeft(event.capacity, taken) ?? 0;
  const message =
    left === 0
      ? 'Dit evenement is volzet: er zijn geen plaatsen meer vrij.'
      : guests === 0
        ? `Er zijn nog maar ${placesText(left)} vrij.`
        : `Er zijn nog maar ${placesText(left)} vrij: niet genoeg voor jou en ${guestsText(guests)}.`;
  throw new HttpError(409, 'EVENT_FULL', message);
}

async function myAttendance(farm: TenantDb, eventId: number, userId: number) {
  const [row] = await farm
    .select({ id: eventAttendances.id, status: eventAttendances.status, guests: eventAttendances.guests })
    .from(eventAttendances)
    .where(and(eq(eventAttendances.eventId, eventId), eq(eventAttendances.userId, userId)));
  return row ?? null;
}

/** Signs a member up with guests; decided under the event's row lock, so the last place goes once. */
export async function takeEvent(
  app: FastifyInstance,
  appId: string,
  userId: number,
  eventId: number,
  guests: number,
): Promise<EventDetail> {
  await inTransaction(app.db, async (tx) => {
    const now = new Date();
    const event = await lockEvent(tx, appId, eventId);
    assertOpen(event, now);
    const existing = await myAttendance(tenantDb(tx, appId), eventId, userId);
    if (existing?.status === 'refused') throw new HttpError(409, 'EVENT_SIGN_UP_REFUSED');
    if (existing) throw new HttpError(409, 'EVENT_ALREADY_SIGNED_UP');
    assertRoom(event, await placesTaken(tenantDb(tx, appId), eventId), guests);
    await tenantDb(tx, appId)
      .insert(eventAttendances)
      .values({ appId, eventId, userId, guests, status: 'waiting' });
  });
  return eventDetail(app.db, appId, userId, eventId);
}

/**
 * Changes the guests of my sign-up, with the rules of a sign-up. More guests on a confirmed sign-up
 * make it wait for a new confirm (the manager confirmed a smaller group); fewer keep it confirmed.
 */
export async function changeGuests(
  app: FastifyInstance,
  appId: string,
  userId: number,
  eventId: number,
  guests: number,
): Promise<EventDetail> {
  await inTransaction(app.db, async (tx) => {
    const now = new Date();
    const event = await lockEvent(tx, appId, eventId);
    assertOpen(event, now);
    const existing = await myAttendance(tenantDb(tx, appId), eventId, userId);
    if (!existing) throw new HttpError(409, 'EVENT_NOT_SIGNED_UP');
    if (existing.status === 'refused') throw new HttpError(409, 'EVENT_SIGN_UP_REFUSED');
    if (guests === existing.guests) return;
    if (guests > existing.guests)
      assertRoom(event, await placesTaken(tenantDb(tx, appId), eventId, existing.id), guests);
    const backToWaiting = guests > existing.guests && existing.status === 'confirmed';
    await tenantDb(tx, appId)
      .update(eventAttendances)
      .set(backToWaiting ? { guests, status: 'waiting', handledAt: null, handledByUserId: null } : { guests })
      .where(eq(eventAttendances.id, existing.id));
  });
  return eventDetail(app.db, appId, userId, eventId);
}

/** Cancels my sign-up before the event starts (also on a closed event); its places become free. */
export async function cancelEvent(
  app: FastifyInstance,
  appId: string,
  userId: number,
  eventId: number,
): Promise<EventDetail> {
  await inTransaction(app.db, async (tx) => {
    const event = await lockEvent(tx, appId, eventId);
    assertOpen(event, new Date(), { closedAllowed: true });
    const existing = await myAttendance(tenantDb(tx, appId), eventId, userId);
    if (!existing) throw new HttpError(409, 'EVENT_NOT_SIGNED_UP');
    if (existing.status === 'refused') throw new HttpError(409, 'EVENT_SIGN_UP_REFUSED');
    await tenantDb(tx, appId).delete(eventAttendances).where(eq(eventAttendances.id, existing.id));
  });
  return eventDetail(app.db, appId, userId, eventId);
}

// --- EventManager: confirm and refuse ---

/**
 * Confirms or refuses a sign-up and notifies its member, in one transaction under the event's lock.
 * Confirming a refused sign-up takes its places back, so it must fit; handling a sign-up twice the same
 * way is refused (so a retried call never notifies twice).
 */
export async function handleAttendance(
  app: FastifyInstance,
  appId: string,
  managerId: number,
  attendanceId: number,
  decision: 'confirmed' | 'refused',
): Promise<ManagedEventDetail> {
  const [found] = await tenantDb(app.db, appId)
    .select({ eventId: eventAttendances.eventId })
    .from(eventAttendances)
    .where(and(eq(eventAttendances.id, attendanceId), eq(eventAttendances.appId, appId)));
  if (!found) throw notFound();
  let created: CreatedNotification[] = [];
  await inTransaction(app.db, async (tx) => {
    const event = await lockEvent(tx, appId, found.eventId);
    const [attendance] = await tenantDb(tx, appId)
      .select({
        id: eventAttendances.id,
        userId: eventAttendances.userId,
        status: eventAttendances.status,
        guests: eventAttendances.guests,
      })
      .from(eventAttendances)
      .where(and(eq(eventAttendances.id, attendanceId), eq(eventAttendances.appId, appId)));
    // Cancelled by the member in the meantime.
    if (!attendance) throw notFound();
    if (attendance.status === decision) {
      throw new HttpError(
        409,
        'EVENT_ATTENDANCE_ALREADY_HANDLED',
        decision === 'confirmed' ? 'Deze aanmelding is al bevestigd.' : 'Deze aanmelding is al geweigerd.',
      );
    }
    if (decision === 'confirmed' && attendance.status === 'refused' && event.capacity !== null) {
      const taken = await placesTaken(tenantDb(tx, appId), event.id);
      if (taken + 1 + attendance.guests > event.capacity) {
        throw new HttpError(
          409,
          'EVENT_FULL',
          `Er zijn nog maar ${placesText(placesLeft(event.capacity, taken) ?? 0)} vrij: niet genoeg om deze aanmelding (met ${guestsText(attendance.guests)}) te bevestigen.`,
        );
      }
    }
    await tenantDb(tx, appId)
      .update(eventAttendances)
      .set({ status: decision, handledByUserId: managerId, handledAt: sql`now()` })
      .where(eq(eventAttendances.id, attendance.id));
    const when = dutchDateTime(event.startsAt);
    const withGuests = attendance.guests > 0 ? ` met ${guestsText(attendance.guests)}` : '';
    created = await insertNotifications(tx, appId, [
      decision === 'confirmed'
        ? {
            userId: attendance.userId,
            title: 'Aanmelding bevestigd',
            body: `Je aanmelding${withGuests} voor "${event.title}" (${when}) is bevestigd. Tot dan!`,
            link: `/events/${event.id}`,
          }
        : {
            userId: attendance.userId,
            title: 'Aanmelding geweigerd',
            body: `Je aanmelding${withGuests} voor "${event.title}" (${when}) werd geweigerd.`,
            link: `/events/${event.id}`,
          },
    ]);
  });
  app.push.deliver(created);
  return managedEventDetail(app.db, appId, found.eventId);
}

// --- EventManager: the events themselves ---

/** The manager list's order: newest start first (index `events_app_starts_id`, read backwards). */
const managedEventKeys: PageKey[] = [
  { column: events.startsAt, type: 'timestamptz', desc: true },
  { column: events.id, type: 'integer', desc: true },
];

/** The events of the app, a page at a time, newest start first, with their counts (ADR 056). */
export async function managedEvents(
  app: FastifyInstance,
  appId: string,
  query: z.output<typeof managedEventQuerySchema>,
): Promise<ManagedEventPage> {
  const now = new Date();
  const farm = tenantDb(app.db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  const { placesTaken: _placesTaken, ...columns } = eventColumns;
  // Only events with a sign-up waiting (event_attendances_waiting, decision 092).
  const where = and(
    eq(events.appId, appId),
    query.waiting
      ? sql`exists (select 1 from event_attendances w where w.app_id = ${events.appId} and w.event_id = ${events.id} and w.status = 'waiting')`
      : undefined,
  );
  const rows = await farm
    .select({
      ...columns,
      stats: eventStatsSql,
      cursor: cursorColumn(managedEventKeys),
      total: cappedTotal(farm, events, where),
    })
    .from(events)
    .where(
      and(
        where,
        query.after ? afterCursor(managedEventKeys, decodeCursor(managedEventKeys, query.after)) : undefined,
      ),
    )
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    ({ stats, cursor: _cursor, total: _total, ...row }) =>
      presentManagedEvent(
        {
          ...row,
          waitingCount: stats?.[0] ?? 0,
          confirmedCount: stats?.[1] ?? 0,
          refusedCount: stats?.[2] ?? 0,
          placesTaken: stats?.[3] ?? 0,
        },
        now,
      ),
    (cap) => countUpTo(farm, events, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** One event with its counts and totals, for the manager; the sign-ups are paged apart. */
export async function managedEventDetail(
  db: Tx,
  appId: string,
  eventId: number,
): Promise<ManagedEventDetail> {
  const [row] = await tenantDb(db, appId)
    .select(managedEventColumns)
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.appId, appId)));
  if (!row) throw notFound();
  return { ...presentManagedEvent(row, new Date()), totals: await sheetTotals(db, appId, eventId) };
}

/** One page of every sign-up of an event (refused ones too), oldest sign-up first. */
export async function managedAttendances(
  db: Tx,
  appId: string,
  eventId: number,
  query: SheetQuery,
): Promise<ManagedAttendancePage> {
  await assertEventExists(db, appId, eventId);
  const where = and(eq(eventAttendances.eventId, eventId), eq(eventAttendances.appId, appId));
  const request = sheetRequest(query);
  const window = pageWindow(request);
  const attendances = await tenantDb(db, appId)
    .select({
      id: eventAttendances.id,
      userId: eventAttendances.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      guests: eventAttendances.guests,
      status: eventAttendances.status,
      createdAt: eventAttendances.createdAt,
      handledAt: eventAttendances.handledAt,
      cursor: cursorColumn(sheetKeys),
    })
    .from(eventAttendances)
    .innerJoin(users, eq(users.id, eventAttendances.userId))
    .where(and(where, sheetAfter(query)))
    .orderBy(asc(eventAttendances.createdAt), asc(eventAttendances.id))
    .limit(window.limit)
    .offset(window.offset);
  const farm = tenantDb(db, appId);
  const page = await finishPage(attendances, request, presentManagedAttendance, (cap) =>
    countUpTo(farm, eventAttendances, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

const eventValues = (input: EventValues) => ({
  title: input.title,
  description: input.description,
  location: input.location,
  startsAt: new Date(input.startDate),
  endsAt: new Date(input.endDate),
  capacity: input.capacity,
});

export async function createEvent(
  app: FastifyInstance,
  appId: string,
  managerId: number,
  input: EventValues,
): Promise<ManagedEventDetail> {
  const [created] = await tenantDb(app.db, appId)
    .insert(events)
    .values({ appId, createdByUserId: managerId, ...eventValues(input) })
    .returning({ id: events.id });
  if (!created) throw new Error('Event insert returned nothing');
  return managedEventDetail(app.db, appId, created.id);
}

/** Updates an event; under its lock, so a sign-up racing a lower capacity never overfills it. */
export async function updateEvent(
  app: FastifyInstance,
  appId: string,
  input: z.output<typeof updateEventBodySchema>,
): Promise<ManagedEventDetail> {
  await inTransaction(app.db, async (tx) => {
    await lockEvent(tx, appId, input.id);
    if (input.capacity !== null) {
      const taken = await placesTaken(tenantDb(tx, appId), input.id);
      if (taken > input.capacity) {
        const message = `Er zijn al ${placesText(taken)} ingenomen (leden en hun gasten). Kies minstens ${taken}, of laat het leeg voor onbeperkt.`;
        throw new HttpError(409, 'EVENT_CAPACITY_TOO_LOW', message, { capacity: message });
      }
    }
    await tenantDb(tx, appId)
      .update(events)
      .set({ ...eventValues(input), updatedAt: sql`now()` })
      .where(and(eq(events.id, input.id), eq(events.appId, appId)));
  });
  return managedEventDetail(app.db, appId, input.id);
}

/** Closes an event: no new sign-ups or guest changes (closing twice changes nothing). */
export async function closeEvent(
  app: FastifyInstance,
  appId: string,
  eventId: number,
): Promise<ManagedEventDetail> {
  const updated = await tenantDb(app.db, appId)
    .update(events)
    .set({ isClosed: true, updatedAt: sql`now()` })
    .where(and(eq(events.id, eventId), eq(events.appId, appId)))
    .returning({ id: events.id });
  if (updated.length === 0) throw notFound();
  return managedEventDetail(app.db, appId, eventId);
}

/** Deletes an event with its sign-ups (cascade) and its comments. */
export async function deleteEvent(app: FastifyInstance, appId: string, eventId: number): Promise<void> {
  await inTransaction(app.db, async (tx) => {
    const deleted = await tenantDb(tx, appId)
      .delete(events)
      .where(and(eq(events.id, eventId), eq(events.appId, appId)))
      .returning({ id: events.id });
    if (deleted.length === 0) throw notFound();
    await tenantDb(tx, appId)
      .delete(comments)
      .where(
        and(eq(comments.appId, appId), eq(comments.subjectType, 'event'), eq(comments.subjectId, eventId)),
      );
  });
}
