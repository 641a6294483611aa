import { and, eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarLinkSchema, type CalendarLink } from '@pluk/contract';
import { eventAttendances, events, taskAssignments, tasks, users } from '../src/db/schema/index.js';
import { redactUrl } from '../src/lib/log-redaction.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

const hour = 3_600_000;
let ctx: TestContext;
let anna: CreatedUser;
let bert: CreatedUser;
let stranger: CreatedUser;
let waitingTask: number;
let confirmedTask: number;
let refusedTask: number;
let oldTask: number;
let myEvent: number;
let farmEvent: number;

const start = new Date('2027-07-01T08:00:00Z'); // 10:00 in Brussels (summer time)
const winterStart = new Date('2027-12-01T09:00:00Z'); // 10:00 in Brussels (winter time)

async function insertTask(title: string, startsAt: Date, hours = 2): Promise<number> {
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      appId: ctx.appId,
      title,
      description: `Uitleg bij ${title}`,
      location: 'Veld 3',
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * hour),
      places: 3,
    })
    .returning();
  return row!.id;
}

async function insertEvent(title: string, startsAt: Date, appId = ctx.appId): Promise<number> {
  const [row] = await ctx.db
    .insert(events)
    .values({
      appId,
      title,
      location: 'De schuur',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * hour),
    })
    .returning();
  return row!.id;
}

async function assign(taskId: number, user: CreatedUser, status: string) {
  await ctx.db.insert(taskAssignments).values({ appId: ctx.appId, taskId, userId: user.id, status });
}

const linkOf = (response: { json(): unknown }) => calendarLinkSchema.parse(response.json());
const pathOf = (link: CalendarLink) => new URL(link.url!.replace(/^webcal:/, 'http:')).pathname;

async function newLink(user: CreatedUser): Promise<string> {
  const response = await ctx.request({ method: 'POST', url: '/api/User/Calendar/Link', as: user });
  expect(response.statusCode).toBe(200);
  return pathOf(linkOf(response));
}

const fetchFeed = (path: string, host?: string) =>
  ctx.request({ method: 'GET', url: path, ...(host ? { headers: { host } } : {}) });

interface Parsed {
  calendar: ICAL.Component;
  byUid: Map<string, ICAL.Event>;
}

/** Parses the feed with ical.js (a kept RFC 5545 parser), registering its VTIMEZONEs. */
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const byUid = new Map<string, ICAL.Event>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    byUid.set(event.uid, event);
  }
  return { calendar, byUid };
}

const summaries = (parsed: Parsed) => [...parsed.byUid.values()].map((event) => event.summary).sort();

beforeAll(async () => {
  ctx = await createTestContext();
  anna = await ctx.createUser({ username: 'anna-agenda' });
  bert = await ctx.createUser({ username: 'bert-agenda' });
  waitingTask = await insertTask('Onkruid wieden', start);
  confirmedTask = await insertTask('Tomaten leiden', winterStart);
  refusedTask = await insertTask('Kippen voeren', start);
  oldTask = await insertTask('Oude klus', new Date(Date.now() - 200 * 24 * hour));
  await assign(waitingTask, anna, 'waiting');
  await assign(confirmedTask, anna, 'confirmed');
  await assign(refusedTask, anna, 'refused');
  await assign(oldTask, anna, 'confirmed');
  await assign(confirmedTask, bert, 'waiting');
  myEvent = await insertEvent('Oogstfeest', start);
  farmEvent = await insertEvent('Infoavond', winterStart);
  await ctx.db
    .insert(eventAttendances)
    .values({ appId: ctx.appId, eventId: myEvent, userId: anna.id, guests: 2 });
  const other = await ctx.createApp({ appId: 'ander-agenda', hosts: ['ander-agenda.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemde-agenda' });
  await insertEvent('Feest elders', start, other.appId);
});
afterAll(() => ctx.close());

describe('User/Calendar: my link', () => {
  it('has no link at first, makes one shown only in that answer, and renews it', async () => {
    const user = await ctx.createUser({ username: 'link-maker' });
    const first = linkOf(await ctx.request({ method: 'GET', url: '/api/User/Calendar', as: user }));
    expect(first).toEqual({ hasLink: false, linkCreatedAt: null, allEvents: false, url: null });

    const made = linkOf(await ctx.request({ method: 'POST', url: '/api/User/Calendar/Link', as: user }));
    expect(made.hasLink).toBe(true);
    expect(made.url).toMatch(/^webcal:\/\/pluk\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const read = linkOf(await ctx.request({ method: 'GET', url: '/api/User/Calendar', as: user }));
    expect(read).toMatchObject({ hasLink: true, url: null });
    expect(read.linkCreatedAt).not.toBeNull();
    // The server keeps a hash only: the secret is nowhere in the database.
    const secret = pathOf(made).split('/').pop()!.replace('.ics', '');
    const stored = await ctx.db.execute(
      sql`select token_hash from calendar_feeds where user_id = ${user.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(secret);

    const renewed = linkOf(await ctx.request({ method: 'POST', url: '/api/User/Calendar/Link', as: user }));
    expect(renewed.url).not.toBe(made.url);
    expect((await fetchFeed(pathOf(made))).statusCode).toBe(404);
    expect((await fetchFeed(pathOf(renewed))).statusCode).toBe(200);
  });

  it('revokes the link: the feed answers 404 and the choice of all events stays', async () => {
    const user = await ctx.createUser({ username: 'link-revoker' });
    await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Settings',
      as: user,
      payload: { allEvents: true },
    });
    const path = await newLink(user);
    const revoked = linkOf(await ctx.request({ method: 'DELETE', url: '/api/User/Calendar/Link', as: user }));
    expect(revoked).toEqual({ hasLink: false, linkCreatedAt: null, allEvents: true, url: null });
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });

  it('refuses callers without a member account and bad input, in Dutch', async () => {
    for (const [method, url] of [
      ['GET', '/api/User/Calendar'],
      ['POST', '/api/User/Calendar/Link'],
      ['DELETE', '/api/User/Calendar/Link'],
    ] as const) {
      expect((await ctx.request({ method, url })).statusCode).toBe(401);
    }
    const waiting = await ctx.createUser({ username: 'wachtend-agenda', approved: false });
    expect(
      (await ctx.request({ method: 'POST', url: '/api/User/Calendar/Link', as: waiting })).statusCode,
    ).toBe(403);
    // A token of another farm's member is no login here.
    expect(
      (await ctx.request({ method: 'POST', url: '/api/User/Calendar/Link', as: stranger })).statusCode,
    ).toBe(401);

    // An Admin working as Anna does not make her secret link (decision 100).
    const admin = await ctx.createUser({ username: 'admin-agenda', roles: ['Admin'] });
    const asAnna = await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Link',
      as: admin,
      headers: { 'x-impersonate-user': String(anna.id) },
    });
    expect(asAnna.statusCode).toBe(403);
    expect(json<{ error: { code: string; message: string } }>(asAnna).error).toMatchObject({
      code: 'IMPERSONATION_FORBIDDEN',
      message: 'Een agendalink maakt het lid zelf, niet wie als dat lid werkt.',
    });

    for (const payload of [{ allEvents: 'ja' }, {}, null]) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/User/Calendar/Settings',
        as: anna,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(json<{ error: { code: string; message: string } }>(response).error.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    const wrongType = await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Settings',
      as: anna,
      payload: { allEvents: 'ja' },
    });
    expect(wrongType.body).toContain('Kies of alle evenementen van de boerderij in je agenda komen.');
  });
});

describe('GET calendar/:file: the feed', () => {
  it('is valid iCalendar in Europe/Brussels with my chores and events, stable UIDs, no caching', async () => {
    const path = await newLink(anna);
    const response = await fetchFeed(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.split('\r\n')[0]).toBe('BEGIN:VCALENDAR');

    const parsed = parse(response.body);
    expect(parsed.calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(parsed.calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(
      'Europe/Brussels',
    );
    // Waiting and confirmed chores, my event; not the refused chore, the old one or the farm's other event.
    expect(summaries(parsed)).toEqual(['Klusje: Onkruid wieden', 'Klusje: Tomaten leiden', 'Oogstfeest']);

    const wieden = parsed.byUid.get(`pluk-${ctx.appId}-task-${waitingTask}@pluk.test`)!;
    expect(wieden.startDate.zone?.tzid).toBe('Europe/Brussels');
    expect(wieden.startDate.toString()).toBe('2027-07-01T10:00:00');
    expect(wieden.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(wieden.endDate.toJSDate().getTime()).toBe(start.getTime() + 2 * hour);
    expect(wieden.location).toBe('Veld 3');
    expect(wieden.description).toContain('Wacht op bevestiging');
    expect(wieden.description).toContain('Uitleg bij Onkruid wieden');
    expect(wieden.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(wieden.component.getFirstPropertyValue('url')).toBe(`http://pluk.test/tasks/${waitingTask}`);

    const leiden = parsed.byUid.get(`pluk-${ctx.appId}-task-${confirmedTask}@pluk.test`)!;
    expect(leiden.startDate.toString()).toBe('2027-12-01T10:00:00');
    expect(leiden.startDate.toJSDate().toISOString()).toBe(winterStart.toISOString());
    expect(leiden.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const feest = parsed.byUid.get(`pluk-${ctx.appId}-event-${myEvent}@pluk.test`)!;
    expect(feest.description).toContain('Aangemeld (met 2 gasten)');
    // DTSTAMP and LAST-MODIFIED in UTC, as RFC 5545 wants.
    expect(response.body).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(response.body).toMatch(/\r\nLAST-MODIFIED:\d{8}T\d{6}Z\r\n/);
    expect(response.body).toContain(`DTSTART;TZID=Europe/Brussels:20270701T100000`);

    // The same items under the same UIDs at the next fetch.
    const again = parse((await fetchFeed(path)).body);
    expect([...again.byUid.keys()].sort()).toEqual([...parsed.byUid.keys()].sort());
  });

  it('reflects changes and cancellations at the next fetch', async () => {
    const user = await ctx.createUser({ username: 'verandert' });
    const taskId = await insertTask('Bonen plukken', start);
    await assign(taskId, user, 'waiting');
    const path = await newLink(user);
    const uid = `pluk-${ctx.appId}-task-${taskId}@pluk.test`;
    const before = parse((await fetchFeed(path)).body).byUid.get(uid)!;

    await ctx.db
      .update(tasks)
      .set({
        title: 'Bonen oogsten',
        startsAt: winterStart,
        endsAt: new Date(winterStart.getTime() + hour),
        updatedAt: sql`now() + interval '1 minute'`,
      })
      .where(eq(tasks.id, taskId));
    const after = parse((await fetchFeed(path)).body).byUid.get(uid)!;
    expect(after.summary).toBe('Klusje: Bonen oogsten');
    expect(after.startDate.toString()).toBe('2027-12-01T10:00:00');
    expect(after.sequence).toBeGreaterThan(before.sequence);

    await ctx.db
      .delete(taskAssignments)
      .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, user.id)));
    expect(parse((await fetchFeed(path)).body).byUid.has(uid)).toBe(false);
  });

  it("carries all of the farm's events when I choose so, each once", async () => {
    const path = await newLink(anna);
    const chosen = linkOf(
      await ctx.request({
        method: 'POST',
        url: '/api/User/Calendar/Settings',
        as: anna,
        payload: { allEvents: true },
      }),
    );
    expect(chosen).toMatchObject({ hasLink: true, allEvents: true, url: null });
    const parsed = parse((await fetchFeed(path)).body);
    expect(summaries(parsed)).toEqual([
      'Infoavond',
      'Klusje: Onkruid wieden',
      'Klusje: Tomaten leiden',
      'Oogstfeest',
    ]);
    expect(parsed.byUid.get(`pluk-${ctx.appId}-event-${farmEvent}@pluk.test`)?.description).not.toContain(
      'Aangemeld',
    );
    await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Settings',
      as: anna,
      payload: { allEvents: false },
    });
    expect(summaries(parse((await fetchFeed(path)).body))).not.toContain('Infoavond');
  });

  it("answers one 404 for unknown, malformed and other farms' links", async () => {
    const path = await newLink(bert);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    const elsewhere = await fetchFeed(path, 'ander-agenda.test');
    const unknown = await fetchFeed(`/api/calendar/${'A'.repeat(43)}.ics`);
    const malformed = await fetchFeed('/api/calendar/kapot.ics');
    for (const response of [elsewhere, unknown, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(unknown.body);
    }
    // The stranger's own link works on its own farm only, with its farm's events alone.
    const strangerLink = await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Link',
      as: stranger,
      headers: { host: 'ander-agenda.test' },
    });
    const strangerPath = pathOf(linkOf(strangerLink));
    expect((await fetchFeed(strangerPath)).statusCode).toBe(404);
    await ctx.request({
      method: 'POST',
      url: '/api/User/Calendar/Settings',
      as: stranger,
      headers: { host: 'ander-agenda.test' },
      payload: { allEvents: true },
    });
    const own = await fetchFeed(strangerPath, 'ander-agenda.test');
    expect(summaries(parse(own.body))).toEqual(['Feest elders']);
  });

  it('answers 404 for a deactivated or anonymised member', async () => {
    const leaving = await ctx.createUser({ username: 'vertrekt' });
    const path = await newLink(leaving);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    expect((await fetchFeed(path)).statusCode).toBe(404);
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, leaving.id));
    expect((await fetchFeed(path)).statusCode).toBe(200);
    await ctx.db
      .update(users)
      .set({ anonymizedAt: sql`now()` })
      .where(eq(users.id, leaving.id));
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });

  it('keeps the secret out of the log', () => {
    expect(redactUrl(`/api/calendar/${'x'.repeat(43)}.ics`)).toBe('/api/calendar/[verborgen]');
  });
});

describe('GET calendar/:file is rate-limited per client', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      config: {
        rateLimit: {
          authPerMinute: 1,
          accountPer15Minutes: 100,
          accountAttackPer15Minutes: 100,
          feedPerMinute: 3,
        },
      },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 after the feed limit, a count apart from the login limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await limited.request({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics` })).statusCode,
      );
    }
    expect(codes).toEqual([404, 404, 404, 429]);
  });
});
