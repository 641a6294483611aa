import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema, notificationSchema, type Notification } from '@pluk/contract';
import { notifications } from '../src/db/schema/index.js';
import { insertNotifications } from '../src/modules/notification/notify.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let lien: CreatedUser;
let tom: CreatedUser;
let manager: CreatedUser;
let taskManager: CreatedUser;
let stranger: CreatedUser;
let lienIds: number[] = [];
let tomId: number;
let strangerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  lien = await ctx.createUser({ username: 'lien' });
  tom = await ctx.createUser({ username: 'tom' });
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  taskManager = await ctx.createUser({ username: 'klusbaas', roles: ['TaskManager'] });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'vreemde' });
  const at = (minute: number) => new Date(Date.UTC(2026, 4, 4, 10, minute));
  const made = await insertNotifications(ctx.db, ctx.appId, [
    { userId: lien.id, title: 'Eerste', body: 'een', link: '/tasks/1' },
    { userId: lien.id, title: 'Tweede', body: 'twee', link: null },
    { userId: lien.id, title: 'Derde', body: 'drie', link: '/events/2' },
  ]);
  // Fixed times, so "newest first" is checked against a known order.
  for (const [index, row] of made.entries()) {
    await ctx.db
      .update(notifications)
      .set({ createdAt: at(index) })
      .where(eq(notifications.id, row.id));
  }
  lienIds = made.map((row) => row.id);
  const [forTom] = await insertNotifications(ctx.db, ctx.appId, [
    { userId: tom.id, title: 'Voor Tom', body: 'privé', link: null },
  ]);
  tomId = forTom!.id;
  const [forStranger] = await insertNotifications(ctx.db, 'ander', [
    { userId: stranger.id, title: 'Andere boerderij', body: '', link: null },
  ]);
  strangerId = forStranger!.id;
});
afterAll(() => ctx.close());

const get = (url: string, as: CreatedUser) => ctx.request({ method: 'GET', url, as });
const post = (url: string, as: CreatedUser, payload?: object) =>
  ctx.request({ method: 'POST', url, as, ...(payload === undefined ? {} : { payload }) });

async function stored(id: number) {
  const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

describe('GET notification', () => {
  it('lists only my notifications, newest first, paged from page 0', async () => {
    const first = notificationPageSchema.parse(json(await get('/api/notification?page=0&pageSize=2', lien)));
    expect(first).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.items.map((n) => n.title)).toEqual(['Derde', 'Tweede']);
    const second = notificationPageSchema.parse(json(await get('/api/notification?page=1&pageSize=2', lien)));
    expect(second.items.map((n) => n.title)).toEqual(['Eerste']);
    expect(second.items[0]).toMatchObject({ body: 'een', link: '/tasks/1', isRead: false });
    // The total comes with the page's rows (ADR 046); past the end it is still counted.
    expect(second.total).toBe(3);
    const past = notificationPageSchema.parse(json(await get('/api/notification?page=5&pageSize=2', lien)));
    expect(past).toMatchObject({ items: [], total: 3, page: 5 });
    const tomPage = notificationPageSchema.parse(json(await get('/api/notification', tom)));
    expect(tomPage).toMatchObject({ total: 1, page: 0, pageSize: 20 });
    expect(tomPage.items.map((n) => n.title)).toEqual(['Voor Tom']);
  });

  it('refuses bad paging with a 400', async () => {
    expect((await get('/api/notification?page=-1', lien)).statusCode).toBe(400);
    expect((await get('/api/notification?pageSize=500', lien)).statusCode).toBe(400);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/notification' })).statusCode).toBe(401);
  });
});

describe('GET notification/:id and unreadCount', () => {
  it('shows one of mine; another member’s or another farm’s id answers 404', async () => {
    const mine = await get(`/api/notification/${lienIds[0]}`, lien);
    expect(mine.statusCode).toBe(200);
    expect(notificationSchema.parse(json(mine)).title).toBe('Eerste');
    const others = await get(`/api/notification/${tomId}`, lien);
    expect(others.statusCode).toBe(404);
    expect(json(others)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await get(`/api/notification/${strangerId}`, lien)).statusCode).toBe(404);
    // Even a manager does not read a member's inbox.
    expect((await get(`/api/notification/${tomId}`, manager)).statusCode).toBe(404);
  });

  it('counts my unread notifications (the static path wins over :id)', async () => {
    expect(json(await get('/api/notification/unreadCount', tom))).toEqual({ count: 1 });
    expect(json(await get('/api/notification/unreadcount', manager))).toEqual({ count: 0 });
  });
});

describe('POST notification/setread', () => {
  it('marks one of mine read and unread again', async () => {
    const id = lienIds[1]!;
    const read = await post(`/api/notification/setread/${id}/true`, lien);
    expect(read.statusCode).toBe(200);
    expect(json<Notification>(read).isRead).toBe(true);
    expect((await stored(id))?.isRead).toBe(true);
    const unread = await post(`/api/notification/setread/${id}/false`, lien);
    expect(json<Notification>(unread).isRead).toBe(false);
    expect((await stored(id))?.isRead).toBe(false);
  });

  it('never changes another member’s notification', async () => {
    const response = await post(`/api/notification/setread/${tomId}/true`, lien);
    expect(response.statusCode).toBe(404);
    expect((await stored(tomId))?.isRead).toBe(false);
    expect((await post(`/api/notification/setread/${strangerId}/true`, lien)).statusCode).toBe(404);
  });

  it('refuses anything but true or false', async () => {
    const response = await post(`/api/notification/setread/${lienIds[0]}/misschien`, lien);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
  });

  it('setread/true marks all of mine read and leaves other inboxes alone', async () => {
    const response = await post('/api/notification/setread/true', lien);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ count: 3 });
    expect(json(await get('/api/notification/unreadCount', lien))).toEqual({ count: 0 });
    expect(json(await get('/api/notification/unreadCount', tom))).toEqual({ count: 1 });
    expect((await stored(strangerId))?.isRead).toBe(false);
    expect(json(await post('/api/notification/setread/true', lien))).toEqual({ count: 0 });
  });
});

describe('DELETE notification/:id', () => {
  it('deletes one of mine; another member’s stays', async () => {
    const refused = await ctx.request({ method: 'DELETE', url: `/api/notification/${tomId}`, as: lien });
    expect(refused.statusCode).toBe(404);
    expect(await stored(tomId)).toBeDefined();
    const foreign = await ctx.request({ method: 'DELETE', url: `/api/notification/${strangerId}`, as: lien });
    expect(foreign.statusCode).toBe(404);
    const id = lienIds[2]!;
    const done = await ctx.request({ method: 'DELETE', url: `/api/notification/${id}`, as: lien });
    expect(done.statusCode).toBe(204);
    expect(await stored(id)).toBeUndefined();
    const again = await ctx.request({ method: 'DELETE', url: `/api/notification/${id}`, as: lien });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST notification/create (ApplicationManager)', () => {
  it('puts the message in each given member’s inbox', async () => {
    const response = await post('/api/notification/create', manager, {
      userIds: [lien.id, tom.id, tom.id],
      title: '  Oogstfeest zaterdag  ',
      body: 'Breng een schaal mee.',
      link: '/events/4',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ count: 2 });
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.appId, ctx.appId), eq(notifications.title, 'Oogstfeest zaterdag')));
    expect(rows.map((row) => row.userId).sort()).toEqual([lien.id, tom.id].sort());
    expect(rows[0]).toMatchObject({ body: 'Breng een schaal mee.', link: '/events/4', isRead: false });
    await ctx.app.jobs.drain();
  });

  it('refuses a recipient of another farm (404) and sends nothing', async () => {
    const response = await post('/api/notification/create', manager, {
      userIds: [lien.id, stranger.id],
      title: 'Lek',
    });
    expect(response.statusCode).toBe(404);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.title, 'Lek'));
    expect(rows).toEqual([]);
    expect(
      (await post('/api/notification/create', manager, { userIds: [999_999], title: 'x' })).statusCode,
    ).toBe(404);
  });

  it('explains wrong input in Dutch', async () => {
    const empty = await post('/api/notification/create', manager, { userIds: [], title: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      error: { fields: { userIds: 'Kies minstens één ontvanger.', title: 'Vul een titel in.' } },
    });
    const link = await post('/api/notification/create', manager, {
      userIds: [lien.id],
      title: 'x',
      link: 'javascript:alert(1)',
    });
    expect(json(link)).toMatchObject({
      error: { fields: { link: 'Een link is een pad in de app, zoals /tasks/12.' } },
    });
    const external = await post('/api/notification/create', manager, {
      userIds: [lien.id],
      title: 'x',
      link: '//evil.example/',
    });
    expect(external.statusCode).toBe(400);
  });

  it('is for application managers only (403 for a member or another manager role)', async () => {
    const payload = { userIds: [tom.id], title: 'Niet van jou' };
    expect((await post('/api/notification/create', lien, payload)).statusCode).toBe(403);
    expect((await post('/api/notification/create', taskManager, payload)).statusCode).toBe(403);
    const rows = await ctx.db.select().from(notifications).where(eq(notifications.title, 'Niet van jou'));
    expect(rows).toEqual([]);
  });
});
