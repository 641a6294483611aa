import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventAttendeePageSchema,
  eventDetailSchema,
  eventListSchema,
  managedAttendancePageSchema,
  managedEventDetailSchema,
  type EventAttendeePage,
  type EventDetail,
  type EventInput,
  type EventList,
  type ManagedEventDetail,
} from '@pluk/contract';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/** Member side of events: the list (home and /events), the detail with its sheet, sign up, guests, cancel. */

let ctx: TestContext;
let manager: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let ann: CreatedUser;
let stranger: CreatedUser;
let strangerManager: CreatedUser;

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'evbeheer', roles: ['EventManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teeuws' });
  ann = await ctx.createUser({ username: 'ann', firstName: 'Ann', lastName: 'Aerts' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  strangerManager = await ctx.createUser({ appId: other.appId, username: 'vreemdbeheer', roles: ['Admin'] });
});
afterAll(() => ctx.close());

async function createEvent(input: Partial<EventInput> = {}, host?: string): Promise<ManagedEventDetail> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/applicationManager/Event/Create',
    as: host ? strangerManager : manager,
    headers: host ? { host } : {},
    payload: {
      title: 'Oogstfeest',
      description: 'Samen oogsten en eten.',
      location: 'De schuur',
      startDate: hours(48),
      endDate: hours(51),
      capacity: null,
      ...input,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return managedEventDetailSchema.parse(json(response));
}

async function list(query: string, as: CreatedUser = lien): Promise<EventList> {
  const response = await ctx.request({ method: 'GET', url: `/api/event${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return eventListSchema.parse(json(response));
}

async function detail(id: number, as: CreatedUser = lien): Promise<EventDetail> {
  const response = await ctx.request({ method: 'GET', url: `/api/event/${id}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return eventDetailSchema.parse(json(response));
}

async function attendees(id: number, as: CreatedUser = lien, query = ''): Promise<EventAttendeePage> {
  const response = await ctx.request({ method: 'GET', url: `/api/event/${id}/attendees${query}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return eventAttendeePageSchema.parse(json(response));
}

/** Every sign-up of an event as its manager sees them (first page). */
async function managerLines(id: number) {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/applicationManager/Event/${id}/attendances`,
    as: manager,
  });
  expect(response.statusCode, response.body).toBe(200);
  return managedAttendancePageSchema.parse(json(response)).items;
}

const post = (url: string, as: CreatedUser, payload: Record<string, unknown>) =>
  ctx.request({ method: 'POST', url: `/api/${url}`, as, payload });

const take = (as: CreatedUser, eventId: number, guests?: number) =>
  post('event/take', as, guests === undefined ? { eventId } : { eventId, guests });

function expectError(
  response: { statusCode: number; body: string },
  status: number,
  code: string,
  message?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message instanceof RegExp) expect(body.error.message).toMatch(message);
  else if (message) expect(body.error.message).toBe(message);
}

describe('GET event (list)', () => {
  let past: ManagedEventDetail;
  let soon: ManagedEventDetail;
  let later: ManagedEventDetail;
  let running: ManagedEventDetail;
  let closed: ManagedEventDetail;

  beforeAll(async () => {
    past = await createEvent({ title: 'Vorige week', startDate: hours(-200), endDate: hours(-197) });
    later = await createEvent({ title: 'Later', startDate: hours(24 * 30), endDate: hours(24 * 30 + 2) });
    soon = await createEvent({ title: 'Binnenkort', startDate: hours(2), endDate: hours(4), capacity: 10 });
    running = await createEvent({ title: 'Nu bezig', startDate: hours(-1), endDate: hours(1) });
    closed = await createEvent({ title: 'Gesloten', startDate: hours(5), endDate: hours(6) });
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Event/Close/${closed.id}`,
      as: manager,
    });
    await createEvent({ title: 'Van een andere boerderij' }, 'ander.test');
    expect((await take(lien, soon.id, 2)).statusCode).toBe(200);
  });

  it('hasEnded=false lists the events whose end is not past, startDate ascending, closed ones marked', async () => {
    const result = await list('?hasEnded=false');
    const titles = result.items.map((item) => item.title);
    expect(titles).toEqual(['Nu bezig', 'Binnenkort', 'Gesloten', 'Later']);
    expect(result).toMatchObject({ total: 4, page: 0, pageSize: 20 });
    const [runningItem, soonItem, closedItem, laterItem] = result.items;
    expect(runningItem).toMatchObject({ id: running.id, hasStarted: true, hasEnded: false });
    expect(soonItem).toMatchObject({
      id: soon.id,
      location: 'De schuur',
      capacity: 10,
      placesTaken: 3,
      placesLeft: 7,
      isClosed: false,
      hasStarted: false,
      myAttendance: { status: 'waiting', guests: 2 },
    });
    expect(closedItem).toMatchObject({ id: closed.id, isClosed: true, myAttendance: null });
    expect(laterItem).toMatchObject({ id: later.id, capacity: null, placesLeft: null, placesTaken: 0 });
    // Another member sees the places taken, but not as their own.
    const forTom = await list('?hasEnded=false');
    expect(forTom.items[1]?.placesTaken).toBe(3);
    expect((await list('?hasEnded=false', tom)).items[1]?.myAttendance).toBeNull();
  });

  it('answers the home query (pageSize=1, page=0, hasEnded=false, startDate ascending) with the next event', async () => {
    const home = await list('?pageSize=1&page=0&hasEnded=false&sortBy=startDate&sortDirection=asc');
    expect(home.items.map((item) => item.title)).toEqual(['Nu bezig']);
    expect(home).toMatchObject({ total: 4, page: 0, pageSize: 1 });
    const second = await list('?pageSize=1&page=1&hasEnded=false');
    expect(second.items.map((item) => item.title)).toEqual(['Binnenkort']);
    expect((await list('?pageSize=2&page=5&hasEnded=false')).items).toEqual([]);
  });

  it('hasEnded=true lists ended events; without it all; sortDirection=desc reverses', async () => {
    const ended = await list('?hasEnded=true');
    expect(ended.items.map((item) => item.id)).toEqual([past.id]);
    expect(ended.items[0]).toMatchObject({ hasEnded: true, hasStarted: true });
    const all = await list('?sortDirection=desc');
    expect(all.items.map((item) => item.title)).toEqual([
      'Later',
      'Gesloten',
      'Binnenkort',
      'Nu bezig',
      'Vorige week',
    ]);
  });

  it('never lists another farm’s events, and the other farm never sees ours', async () => {
    const all = await list('');
    expect(all.items.some((item) => item.title === 'Van een andere boerderij')).toBe(false);
    const theirs = await ctx.request({
      method: 'GET',
      url: '/api/event',
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(json<EventList>(theirs).items.map((item) => item.title)).toEqual(['Van een andere boerderij']);
  });

  it('refuses bad paging and filters with a Dutch 400', async () => {
    for (const query of [
      '?pageSize=0',
      '?pageSize=51',
      '?page=-1',
      '?page=een',
      '?hasEnded=ja',
      '?sortBy=title',
    ]) {
      const response = await ctx.request({ method: 'GET', url: `/api/event${query}`, as: lien });
      expectError(response, 400, 'VALIDATION_ERROR');
    }
    const response = await ctx.request({ method: 'GET', url: '/api/event?pageSize=51', as: lien });
    expect(json<{ error: { fields: Record<string, string> } }>(response).error.fields.pageSize).toBe(
      'Hoogstens 50 per pagina.',
    );
  });

  it('needs a signed-in, approved member', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/event' })).statusCode).toBe(401);
    const waiting = await ctx.createUser({ username: 'wachtend', approved: false });
    expectError(
      await ctx.request({ method: 'GET', url: '/api/event', as: waiting }),
      403,
      'ACCOUNT_NOT_APPROVED',
    );
  });
});

describe('GET event/:id (detail with the attendance sheet)', () => {
  it('shows the description, who comes with their guests and status, and the totals', async () => {
    const event = await createEvent({ title: 'Plantjesmarkt', capacity: 20 });
    expect((await take(lien, event.id, 1)).statusCode).toBe(200);
    expect((await take(tom, event.id)).statusCode).toBe(200);
    expect((await take(ann, event.id, 3)).statusCode).toBe(200);
    const lines = await managerLines(event.id);
    const tomAttendance = lines.find((line) => line.userId === tom.id);
    const annAttendance = lines.find((line) => line.userId === ann.id);
    expect((await post('event/confirm', manager, { attendanceId: tomAttendance?.id })).statusCode).toBe(200);
    expect((await post('event/refuse', manager, { attendanceId: annAttendance?.id })).statusCode).toBe(200);

    const sheet = await detail(event.id);
    expect(sheet).toMatchObject({
      title: 'Plantjesmarkt',
      description: 'Samen oogsten en eten.',
      placesTaken: 3,
      placesLeft: 17,
      myAttendance: { status: 'waiting', guests: 1 },
      totals: { members: 2, guests: 1, places: 3 },
    });
    // Refused sign-ups are not on the member's sheet.
    expect((await attendees(event.id)).items).toEqual([
      { firstName: 'Lien', lastName: 'Lid', guests: 1, status: 'waiting', isMe: true },
      { firstName: 'Tom', lastName: 'Teeuws', guests: 0, status: 'confirmed', isMe: false },
    ]);
    // Ann sees her own refused sign-up as hers, and is not on the sheet.
    const forAnn = await detail(event.id, ann);
    expect(forAnn.myAttendance).toMatchObject({ status: 'refused', guests: 3 });
    expect((await attendees(event.id, ann)).items.some((line) => line.isMe)).toBe(false);
  });

  it('answers 404 for an unknown event and for another farm’s event', async () => {
    const theirs = await createEvent({ title: 'Elders' }, 'ander.test');
    for (const id of [theirs.id, 999999]) {
      expectError(await ctx.request({ method: 'GET', url: `/api/event/${id}`, as: lien }), 404, 'NOT_FOUND');
      expectError(await take(lien, id), 404, 'NOT_FOUND');
      expectError(await post('event/changeGuests', lien, { eventId: id, guests: 1 }), 404, 'NOT_FOUND');
      expectError(await post('event/cancel', lien, { eventId: id }), 404, 'NOT_FOUND');
    }
  });
});

describe('POST event/take', () => {
  it('signs a member up with guests: waiting, on the sheet, places counted with the guests', async () => {
    const event = await createEvent({ capacity: 5 });
    const response = await take(lien, event.id, 2);
    expect(response.statusCode).toBe(200);
    const result = eventDetailSchema.parse(json(response));
    expect(result).toMatchObject({
      placesTaken: 3,
      placesLeft: 2,
      myAttendance: { status: 'waiting', guests: 2 },
      totals: { members: 1, guests: 2, places: 3 },
    });
    // guests defaults to 0
    expect(eventDetailSchema.parse(json(await take(tom, event.id))).placesTaken).toBe(4);
  });

  it('refuses a closed, started or ended event with a Dutch reason', async () => {
    const closed = await createEvent();
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Event/Close/${closed.id}`,
      as: manager,
    });
    expectError(
      await take(lien, closed.id),
      409,
      'EVENT_CLOSED',
      'Dit evenement is gesloten: aanmelden of je aanmelding wijzigen kan niet meer.',
    );
    const started = await createEvent({ startDate: hours(-1), endDate: hours(2) });
    expectError(
      await take(lien, started.id),
      409,
      'EVENT_STARTED',
      'Dit evenement is al begonnen: aanmelden, wijzigen of annuleren kan niet meer.',
    );
    const ended = await createEvent({ startDate: hours(-5), endDate: hours(-3) });
    expectError(await take(lien, ended.id), 409, 'EVENT_ENDED', 'Dit evenement is al voorbij.');
  });

  it('refuses when there are not enough places for me and my guests', async () => {
    const event = await createEvent({ capacity: 4 });
    expect((await take(lien, event.id, 1)).statusCode).toBe(200);
    expectError(
      await take(tom, event.id, 2),
      409,
      'EVENT_FULL',
      'Er zijn nog maar 2 plaatsen vrij: niet genoeg voor jou en 2 gasten.',
    );
    expect((await take(tom, event.id, 1)).statusCode).toBe(200);
    expectError(
      await take(ann, event.id),
      409,
      'EVENT_FULL',
      'Dit evenement is volzet: er zijn geen plaatsen meer vrij.',
    );
    expect((await detail(event.id)).placesTaken).toBe(4);
  });

  it('refuses a second sign-up, and a new one after a refusal', async () => {
    const event = await createEvent();
    expect((await take(lien, event.id)).statusCode).toBe(200);
    expectError(
      await take(lien, event.id, 1),
      409,
      'EVENT_ALREADY_SIGNED_UP',
      'Je bent al aangemeld voor dit evenement.',
    );
    const attendanceId = (await detail(event.id)).myAttendance?.id;
    expect((await post('event/refuse', manager, { attendanceId })).statusCode).toBe(200);
    expectError(
      await take(lien, event.id),
      409,
      'EVENT_SIGN_UP_REFUSED',
      'Je aanmelding voor dit evenement werd geweigerd; je kan ze niet meer wijzigen.',
    );
  });

  it('validates the guests (0–20) with Dutch messages', async () => {
    const event = await createEvent();
    for (const [guests, message] of [
      [21, 'Je kan hoogstens 20 gasten meebrengen.'],
      [-1, 'Het aantal gasten kan niet negatief zijn.'],
      [1.5, 'Geef een geheel aantal gasten op.'],
    ] as const) {
      const response = await take(lien, event.id, guests);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(json<{ error: { fields: Record<string, string> } }>(response).error.fields.guests).toBe(message);
    }
    expect((await take(lien, event.id, 20)).statusCode).toBe(200);
  });

  it('two members racing for the last place: exactly one gets it', async () => {
    const event = await createEvent({ capacity: 3 });
    expect((await take(ann, event.id, 1)).statusCode).toBe(200);
    const [first, second] = await Promise.all([take(lien, event.id), take(tom, event.id)]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first?.statusCode === 409 ? first : second;
    expect(json<{ error: { code: string } }>(loser!).error.code).toBe('EVENT_FULL');
    const sheet = await detail(event.id);
    expect(sheet.placesTaken).toBe(3);
    expect(sheet.totals).toEqual({ members: 2, guests: 1, places: 3 });
  });

  it('many members with guests racing never overfill the event', async () => {
    const event = await createEvent({ capacity: 5 });
    const racers = await Promise.all([1, 2, 3, 4, 5].map((i) => ctx.createUser({ username: `racer${i}` })));
    const results = await Promise.all(racers.map((racer) => take(racer, event.id, 1)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await detail(event.id)).placesTaken).toBe(4);
  });
});

describe('POST event/changeGuests', () => {
  it('changes my guests within the places left, and refuses more than fit', async () => {
    const event = await createEvent({ capacity: 5 });
    expect((await take(lien, event.id, 1)).statusCode).toBe(200);
    expect((await take(tom, event.id, 0)).statusCode).toBe(200);
    const more = await post('event/changeGuests', lien, { eventId: event.id, guests: 3 });
    expect(more.statusCode).toBe(200);
    expect(json<EventDetail>(more)).toMatchObject({ placesTaken: 5, myAttendance: { guests: 3 } });
    expectError(
      await post('event/changeGuests', lien, { eventId: event.id, guests: 4 }),
      409,
      'EVENT_FULL',
      // Tom holds 1 of the 5 places: 4 are left for me and my guests.
      'Er zijn nog maar 4 plaatsen vrij: niet genoeg voor jou en 4 gasten.',
    );
    const fewer = await post('event/changeGuests', lien, { eventId: event.id, guests: 0 });
    expect(json<EventDetail>(fewer)).toMatchObject({ placesTaken: 2, myAttendance: { guests: 0 } });
  });

  it('more guests on a confirmed sign-up wait for a new confirm; fewer stay confirmed', async () => {
    const event = await createEvent({ capacity: 10 });
    expect((await take(lien, event.id, 2)).statusCode).toBe(200);
    const attendanceId = (await detail(event.id)).myAttendance?.id;
    await post('event/confirm', manager, { attendanceId });
    const fewer = await post('event/changeGuests', lien, { eventId: event.id, guests: 1 });
    expect(json<EventDetail>(fewer).myAttendance).toMatchObject({ status: 'confirmed', guests: 1 });
    const more = await post('event/changeGuests', lien, { eventId: event.id, guests: 4 });
    expect(json<EventDetail>(more).myAttendance).toMatchObject({ status: 'waiting', guests: 4 });
  });

  it('refuses without a sign-up, on a closed or started event, and after a refusal', async () => {
    const event = await createEvent();
    expectError(
      await post('event/changeGuests', lien, { eventId: event.id, guests: 1 }),
      409,
      'EVENT_NOT_SIGNED_UP',
      'Je bent niet aangemeld voor dit evenement.',
    );
    expect((await take(lien, event.id)).statusCode).toBe(200);
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Event/Close/${event.id}`,
      as: manager,
    });
    expectError(
      await post('event/changeGuests', lien, { eventId: event.id, guests: 1 }),
      409,
      'EVENT_CLOSED',
    );
    const started = await createEvent({ startDate: hours(-1), endDate: hours(1) });
    expectError(
      await post('event/changeGuests', lien, { eventId: started.id, guests: 1 }),
      409,
      'EVENT_STARTED',
    );
    expectError(
      await post('event/changeGuests', lien, { eventId: event.id, guests: 30 }),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST event/cancel', () => {
  it('cancels my sign-up before the start and frees its places (also on a closed event)', async () => {
    const event = await createEvent({ capacity: 2 });
    expect((await take(lien, event.id, 1)).statusCode).toBe(200);
    expectError(await take(tom, event.id), 409, 'EVENT_FULL');
    await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Event/Close/${event.id}`,
      as: manager,
    });
    const cancelled = await post('event/cancel', lien, { eventId: event.id });
    expect(cancelled.statusCode).toBe(200);
    expect(json<EventDetail>(cancelled)).toMatchObject({
      placesTaken: 0,
      myAttendance: null,
      totals: { members: 0 },
    });
    expect((await attendees(event.id)).items).toEqual([]);
    expectError(await post('event/cancel', lien, { eventId: event.id }), 409, 'EVENT_NOT_SIGNED_UP');
  });

  it('signing up again after cancelling works', async () => {
    const event = await createEvent();
    expect((await take(lien, event.id)).statusCode).toBe(200);
    expect((await post('event/cancel', lien, { eventId: event.id })).statusCode).toBe(200);
    expect((await take(lien, event.id, 2)).statusCode).toBe(200);
  });

  it('refuses after the start and after a refusal', async () => {
    const event = await createEvent({ startDate: hours(1), endDate: hours(3) });
    expect((await take(lien, event.id)).statusCode).toBe(200);
    expect((await take(tom, event.id)).statusCode).toBe(200);
    const tomId = (await managerLines(event.id)).find((line) => line.userId === tom.id)?.id;
    await post('event/refuse', manager, { attendanceId: tomId });
    expectError(await post('event/cancel', tom, { eventId: event.id }), 409, 'EVENT_SIGN_UP_REFUSED');
    // Move the start into the past: cancelling is over.
    await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Event/Update',
      as: manager,
      payload: { id: event.id, title: 'Oogstfeest', startDate: hours(-1), endDate: hours(3), capacity: null },
    });
    expectError(await post('event/cancel', lien, { eventId: event.id }), 409, 'EVENT_STARTED');
  });
});
