import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  managedAttendancePageSchema,
  managedEventDetailSchema,
  managedEventPageSchema,
  type EventInput,
  type ManagedAttendance,
  type ManagedEventDetail,
} from '@pluk/contract';
import { comments, eventAttendances, notifications } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** EventManager side: create, update, close, delete, the attendance sheet, confirm and refuse. */

let ctx: TestContext;
let manager: CreatedUser;
let appManager: CreatedUser;
let taskManager: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let foreignAdmin: CreatedUser;

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const valid = (input: Partial<EventInput> = {}): EventInput => ({
  title: 'Oogstfeest',
  description: 'Samen oogsten en eten.',
  location: 'De schuur',
  startDate: hours(48),
  endDate: hours(51),
  capacity: 10,
  ...input,
});

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'evbeheer', roles: ['EventManager'], firstName: 'Eva' });
  appManager = await ctx.createUser({ username: 'appbeheer', roles: ['ApplicationManager'] });
  taskManager = await ctx.createUser({ username: 'klusbeheer', roles: ['TaskManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teeuws' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  foreignAdmin = await ctx.createUser({ appId: other.appId, username: 'vreemdbeheer', roles: ['Admin'] });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, as: CreatedUser, payload?: object) =>
  ctx.request({
    method,
    url: `/api/${url}`,
    as,
    ...(payload ? { payload } : {}),
    ...(as === foreignAdmin ? { headers: { host: 'ander.test' } } : {}),
  });

async function create(
  input: Partial<EventInput> = {},
  as: CreatedUser = manager,
): Promise<ManagedEventDetail> {
  const response = await call('POST', 'applicationManager/Event/Create', as, valid(input));
  expect(response.statusCode, response.body).toBe(200);
  return managedEventDetailSchema.parse(json(response));
}

async function sheet(id: number): Promise<ManagedEventDetail> {
  const response = await call('GET', `applicationManager/Event/${id}`, manager);
  expect(response.statusCode, response.body).toBe(200);
  return managedEventDetailSchema.parse(json(response));
}

/** The first page of the manager's sign-ups of an event. */
async function attendances(id: number): Promise<ManagedAttendance[]> {
  const response = await call('GET', `applicationManager/Event/${id}/attendances`, manager);
  expect(response.statusCode, response.body).toBe(200);
  return managedAttendancePageSchema.parse(json(response)).items;
}

function expectError(
  response: { statusCode: number; body: string },
  status: number,
  code: string,
  message?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

function fieldsOf(response: { body: string }): Record<string, string> {
  return (JSON.parse(response.body) as { error: { fields?: Record<string, string> } }).error.fields ?? {};
}

describe('applicationManager/Event/Create and Update', () => {
  it('creates an event and answers its sheet', async () => {
    const created = await create({ title: '  Snoeidag  ', capacity: null });
    expect(created).toMatchObject({
      title: 'Snoeidag',
      description: 'Samen oogsten en eten.',
      location: 'De schuur',
      capacity: null,
      placesLeft: null,
      placesTaken: 0,
      isClosed: false,
      totals: { members: 0, guests: 0, places: 0 },
    });
    expect(await attendances(created.id)).toEqual([]);
  });

  it('validates with Dutch messages per field', async () => {
    // One instant for "the same time": two calls of hours() can fall a millisecond apart.
    const fiveHours = hours(5);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Vul een titel in.'],
      [{ title: 'x'.repeat(201) }, 'title', 'Een titel heeft hoogstens 200 tekens.'],
      [{ description: 'x'.repeat(5001) }, 'description', 'Een beschrijving heeft hoogstens 5000 tekens.'],
      [{ location: 'x'.repeat(201) }, 'location', 'Een locatie heeft hoogstens 200 tekens.'],
      [{ capacity: 0 }, 'capacity', 'Een evenement heeft minstens 1 plaats; laat het leeg voor onbeperkt.'],
      [{ capacity: 10_001 }, 'capacity', 'Een evenement heeft hoogstens 10000 plaatsen.'],
      [{ capacity: 2.5 }, 'capacity', 'Geef een geheel aantal plaatsen op.'],
      [{ startDate: 'morgen' }, 'startDate', 'Geen geldige datum en tijd.'],
      [{ endDate: undefined }, 'endDate', 'Kies wanneer het evenement eindigt.'],
      [{ startDate: hours(5), endDate: hours(4) }, 'endDate', 'Het einde moet na het begin liggen.'],
      [{ startDate: fiveHours, endDate: fiveHours }, 'endDate', 'Het einde moet na het begin liggen.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', 'applicationManager/Event/Create', manager, {
        ...valid(),
        ...change,
      });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(fieldsOf(response)[field], `${field}: ${response.body}`).toBe(message);
    }
    const missing = await call('POST', 'applicationManager/Event/Create', manager, {});
    expect(fieldsOf(missing)).toMatchObject({
      title: 'Vul een titel in.',
      startDate: 'Kies wanneer het evenement begint.',
      endDate: 'Kies wanneer het evenement eindigt.',
    });
  });

  it('updates every field', async () => {
    const event = await create();
    const start = hours(100);
    const end = hours(103);
    const response = await call('POST', 'applicationManager/Event/Update', manager, {
      id: event.id,
      title: 'Oogstfeest (verplaatst)',
      description: 'Nieuwe datum.',
      location: 'Het veld',
      startDate: start,
      endDate: end,
      capacity: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toMatchObject({
      title: 'Oogstfeest (verplaatst)',
      description: 'Nieuwe datum.',
      location: 'Het veld',
      startDate: start,
      endDate: end,
      capacity: null,
    });
  });

  it('refuses a capacity below the places taken, with a Dutch message on the field', async () => {
    const event = await create({ capacity: 10 });
    expect((await call('POST', 'event/take', lien, { eventId: event.id, guests: 2 })).statusCode).toBe(200);
    expect((await call('POST', 'event/take', tom, { eventId: event.id, guests: 1 })).statusCode).toBe(200);
    const response = await call('POST', 'applicationManager/Event/Update', manager, {
      ...valid({ capacity: 4 }),
      id: event.id,
    });
    const message =
      'Er zijn al 5 plaatsen ingenomen (leden en hun gasten). Kies minstens 5, of laat het leeg voor onbeperkt.';
    expectError(response, 409, 'EVENT_CAPACITY_TOO_LOW', message);
    expect(fieldsOf(response)).toEqual({ capacity: message });
    const exact = await call('POST', 'applicationManager/Event/Update', manager, {
      ...valid({ capacity: 5 }),
      id: event.id,
    });
    expect(json(exact)).toMatchObject({ capacity: 5, placesLeft: 0 });
  });
});

describe('applicationManager/Event (list) and Event/:id (sheet)', () => {
  it('lists every event, newest start first, with its counts', async () => {
    const early = await create({ title: 'Vroeg', startDate: hours(-50), endDate: hours(-48) });
    const late = await create({ title: 'Laat', startDate: hours(500), endDate: hours(502), capacity: 3 });
    await call('POST', 'event/take', lien, { eventId: late.id, guests: 1 });
    await call('POST', 'event/take', tom, { eventId: late.id });
    const tomLine = (await attendances(late.id)).find((line) => line.userId === tom.id);
    await call('POST', 'event/refuse', manager, { attendanceId: tomLine?.id });

    const response = await call('GET', 'applicationManager/Event', manager);
    expect(response.statusCode).toBe(200);
    const items = managedEventPageSchema.parse(json(response)).items;
    const titles = items.map((item) => item.title);
    expect(titles.indexOf('Laat')).toBe(0);
    expect(titles.indexOf('Vroeg')).toBe(titles.length - 1);
    expect(items[0]).toMatchObject({
      id: late.id,
      placesTaken: 2,
      placesLeft: 1,
      waitingCount: 1,
      confirmedCount: 0,
      refusedCount: 1,
    });
    expect(items.find((item) => item.id === early.id)).toMatchObject({ hasEnded: true, hasStarted: true });
  });

  it('the sheet has every sign-up with its id, refused ones too', async () => {
    const event = await create();
    await call('POST', 'event/take', lien, { eventId: event.id, guests: 2 });
    await call('POST', 'event/take', tom, { eventId: event.id });
    const lines = await attendances(event.id);
    expect(lines.map((line) => [line.firstName, line.lastName, line.guests, line.status])).toEqual([
      ['Lien', 'Lid', 2, 'waiting'],
      ['Tom', 'Teeuws', 0, 'waiting'],
    ]);
    await call('POST', 'event/refuse', manager, { attendanceId: lines[1]?.id });
    const after = await sheet(event.id);
    expect((await attendances(event.id))[1]).toMatchObject({
      status: 'refused',
      handledAt: expect.any(String),
    });
    expect(after.totals).toEqual({ members: 1, guests: 2, places: 3 });
  });
});

describe('event/confirm and event/refuse', () => {
  it('confirms: the member is notified in Dutch with a link to the event, and web push is handed the notification', async () => {
    const event = await create({
      title: 'Pompoenfeest',
      startDate: '2030-10-19T08:00:00.000Z',
      endDate: '2030-10-19T12:00:00.000Z',
    });
    await call('POST', 'event/take', lien, { eventId: event.id, guests: 1 });
    const attendanceId = (await attendances(event.id))[0]?.id;
    const deliver = vi.spyOn(ctx.app.push, 'deliver');
    const response = await call('POST', 'event/confirm', manager, { attendanceId });
    expect(response.statusCode, response.body).toBe(200);
    expect(managedEventDetailSchema.parse(json(response)).confirmedCount).toBe(1);
    expect((await attendances(event.id))[0]).toMatchObject({
      status: 'confirmed',
      handledAt: expect.any(String),
    });
    const inbox = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, `/events/${event.id}`)));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      appId: 'farm',
      title: 'Aanmelding bevestigd',
      body: 'Je aanmelding met 1 gast voor "Pompoenfeest" (zaterdag 19 oktober 2030 om 10:00) is bevestigd. Tot dan!',
      isRead: false,
    });
    expect(deliver).toHaveBeenCalledTimes(1);
    expect(deliver.mock.calls[0]?.[0].map((n) => n.id)).toEqual([inbox[0]?.id]);
    // Nobody else got it.
    const others = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/events/${event.id}`));
    expect(others.map((n) => n.userId)).toEqual([lien.id]);

    // Confirming again changes nothing and notifies nobody.
    expectError(
      await call('POST', 'event/confirm', manager, { attendanceId }),
      409,
      'EVENT_ATTENDANCE_ALREADY_HANDLED',
      'Deze aanmelding is al bevestigd.',
    );
    expect(deliver).toHaveBeenCalledTimes(1);
    deliver.mockRestore();
  });

  it('refuses: the places become free and the member is notified', async () => {
    const event = await create({ title: 'Zaaidag', capacity: 2 });
    await call('POST', 'event/take', lien, { eventId: event.id, guests: 1 });
    expectError(await call('POST', 'event/take', tom, { eventId: event.id }), 409, 'EVENT_FULL');
    const attendanceId = (await attendances(event.id))[0]?.id;
    const response = await call('POST', 'event/refuse', manager, { attendanceId });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ placesTaken: 0, placesLeft: 2 });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, `/events/${event.id}`)));
    expect(note?.title).toBe('Aanmelding geweigerd');
    expect(note?.body).toMatch(/^Je aanmelding met 1 gast voor "Zaaidag" \(.+\) werd geweigerd\.$/);
    expectError(
      await call('POST', 'event/refuse', manager, { attendanceId }),
      409,
      'EVENT_ATTENDANCE_ALREADY_HANDLED',
      'Deze aanmelding is al geweigerd.',
    );
    // The freed place can be taken.
    expect((await call('POST', 'event/take', tom, { eventId: event.id })).statusCode).toBe(200);
    // Confirming the refused sign-up again needs room for it: 1 place left, it needs 2.
    expectError(
      await call('POST', 'event/confirm', manager, { attendanceId }),
      409,
      'EVENT_FULL',
      'Er zijn nog maar 1 plaats vrij: niet genoeg om deze aanmelding (met 1 gast) te bevestigen.',
    );
    await call('POST', 'event/cancel', tom, { eventId: event.id });
    expect((await call('POST', 'event/confirm', manager, { attendanceId })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown sign-up and for another farm’s sign-up', async () => {
    const theirs = await create({}, foreignAdmin);
    const stranger = await ctx.createUser({ appId: 'ander', username: 'vreemd' });
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/event/take',
      as: stranger,
      headers: { host: 'ander.test' },
      payload: { eventId: theirs.id },
    });
    expect(taken.statusCode).toBe(200);
    const [theirAttendance] = await ctx.db
      .select()
      .from(eventAttendances)
      .where(eq(eventAttendances.eventId, theirs.id));
    for (const attendanceId of [theirAttendance?.id, 999999]) {
      expectError(await call('POST', 'event/confirm', manager, { attendanceId }), 404, 'NOT_FOUND');
      expectError(await call('POST', 'event/refuse', manager, { attendanceId }), 404, 'NOT_FOUND');
    }
    const [still] = await ctx.db
      .select()
      .from(eventAttendances)
      .where(eq(eventAttendances.id, theirAttendance!.id));
    expect(still?.status).toBe('waiting');
  });
});

describe('Close and DELETE', () => {
  it('closes an event: no more sign-ups, the list marks it closed', async () => {
    const event = await create();
    const response = await call('POST', `applicationManager/Event/Close/${event.id}`, manager);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ isClosed: true });
    expect((await call('POST', `applicationManager/Event/Close/${event.id}`, manager)).statusCode).toBe(200);
    expectError(await call('POST', 'event/take', lien, { eventId: event.id }), 409, 'EVENT_CLOSED');
  });

  it('deletes an event with its sign-ups and comments', async () => {
    const event = await create();
    await call('POST', 'event/take', lien, { eventId: event.id });
    await ctx.db.insert(comments).values({
      appId: 'farm',
      subjectType: 'event',
      subjectId: event.id,
      userId: lien.id,
      body: 'Ik breng taart mee.',
    });
    const response = await call('DELETE', `applicationManager/Event/${event.id}`, manager);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectError(await call('GET', `applicationManager/Event/${event.id}`, manager), 404, 'NOT_FOUND');
    expectError(await call('GET', `event/${event.id}`, lien), 404, 'NOT_FOUND');
    expect(
      await ctx.db.select().from(eventAttendances).where(eq(eventAttendances.eventId, event.id)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.subjectType, 'event'), eq(comments.subjectId, event.id))),
    ).toEqual([]);
    expectError(await call('DELETE', `applicationManager/Event/${event.id}`, manager), 404, 'NOT_FOUND');
  });

  it('never reaches another farm’s event (404) and leaves it as it was', async () => {
    const theirs = await create({ title: 'Van elders' }, foreignAdmin);
    const routes: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', `applicationManager/Event/${theirs.id}`],
      ['POST', 'applicationManager/Event/Update', { ...valid({ title: 'Gekaapt' }), id: theirs.id }],
      ['POST', `applicationManager/Event/Close/${theirs.id}`],
      ['DELETE', `applicationManager/Event/${theirs.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expectError(await call(method, url, appManager, payload), 404, 'NOT_FOUND');
    }
    const list = managedEventPageSchema.parse(
      json(await call('GET', 'applicationManager/Event', manager)),
    ).items;
    expect(list.some((item) => item.id === theirs.id)).toBe(false);
    const theirsNow = await call('GET', `applicationManager/Event/${theirs.id}`, foreignAdmin);
    expect(json(theirsNow)).toMatchObject({ title: 'Van elders', isClosed: false });
  });
});

describe('who may manage events', () => {
  it('a member or a TaskManager gets 403 on every manager call; EventManager and ApplicationManager pass', async () => {
    const event = await create();
    await call('POST', 'event/take', lien, { eventId: event.id });
    const attendanceId = (await attendances(event.id))[0]?.id;
    const routes: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', 'applicationManager/Event'],
      ['GET', `applicationManager/Event/${event.id}`],
      ['GET', `applicationManager/Event/${event.id}/attendances`],
      ['POST', 'applicationManager/Event/Create', valid()],
      ['POST', 'applicationManager/Event/Update', { ...valid(), id: event.id }],
      ['POST', `applicationManager/Event/Close/${event.id}`],
      ['DELETE', `applicationManager/Event/${event.id}`],
      ['POST', 'event/confirm', { attendanceId }],
      ['POST', 'event/refuse', { attendanceId }],
    ];
    for (const user of [lien, taskManager]) {
      for (const [method, url, payload] of routes) {
        expectError(await call(method, url, user, payload), 403, 'FORBIDDEN');
      }
    }
    expect((await attendances(event.id))[0]?.status).toBe('waiting');
    expect((await call('GET', `applicationManager/Event/${event.id}`, appManager)).statusCode).toBe(200);
    expect((await call('POST', 'event/confirm', appManager, { attendanceId })).statusCode).toBe(200);
  });
});
