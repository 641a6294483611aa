import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCountCap } from '@pluk/contract';
import {
  comments,
  eventAttendances,
  events,
  feedback,
  notifications,
  posts,
  tasks,
  users,
} from '../src/db/schema/index.js';
import { tenantDb } from '../src/db/tenant.js';
import { countUpTo, encodeCursor, finishPage } from '../src/lib/paging.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * Every list pages by keyset (ADR 056): following `nextCursor` walks the same rows in the same order as
 * OFFSET pages, each once, also across equal sort values and timestamps a microsecond apart; the last
 * page says `nextCursor: null`; a forged cursor is a Dutch 400; totals are cheap and capped.
 */

let ctx: TestContext;
let manager: CreatedUser;
let lien: CreatedUser;
let members: CreatedUser[];
let taskId: number;
let eventId: number;

/** `base` plus `micros` microseconds, exact (a JS Date only holds milliseconds). */
const at = (base: string, micros: number) =>
  sql`(${base}::timestamptz + make_interval(secs => ${micros / 1_000_000}))`;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  members = [];
  for (let i = 0; i < 12; i++) {
    members.push(
      await ctx.createUser({
        username: `lid${i}`,
        firstName: i % 2 ? 'Jan' : 'Mia',
        lastName: i % 3 ? 'Peeters' : 'Claes',
        email: `lid${i}@${i % 4 ? 'veld' : 'hoeve'}.test`,
      }),
    );
  }
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  await ctx.createUser({ appId: 'ander', username: 'vreemd', firstName: 'Jan' });

  // Sort values in groups of three equal ones, the groups a microsecond apart: only exact cursors and
  // the id as tie-breaker keep every row exactly once.
  const micro = (i: number) => Math.floor(i / 3);
  const db = ctx.db;
  for (const appId of [ctx.appId, 'ander']) {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      appId,
      title: `Klus ${i}`,
      startsAt: at('2030-05-01T08:00:00Z', micro(i)) as unknown as Date,
      endsAt: new Date('2030-05-02T10:00:00Z'),
      places: 3,
    }));
    await db.insert(tasks).values(rows);
    await db.insert(events).values(
      rows.map((r, i) => ({
        appId,
        title: `Feest ${i}`,
        startsAt: r.startsAt,
        endsAt: new Date('2030-06-02T12:00:00Z'),
      })),
    );
    await db.insert(posts).values(
      rows.map((_, i) => ({
        appId,
        title: `Nieuws ${i}`,
        body: `<p>Tekst ${i}</p>`,
        isActive: i % 4 !== 0,
        publishedAt: at('2026-03-01T10:00:00Z', micro(i)) as unknown as Date,
      })),
    );
  }
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(sql`${tasks.appId} = ${ctx.appId}`)
    .limit(1);
  taskId = task!.id;
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(sql`${events.appId} = ${ctx.appId}`)
    .limit(1);
  eventId = event!.id;
  await db.insert(comments).values(
    Array.from({ length: 23 }, (_, i) => ({
      appId: ctx.appId,
      subjectType: 'task',
      subjectId: taskId,
      userId: lien.id,
      body: `reactie ${i}`,
      createdAt: at('2026-03-01T10:00:00Z', micro(i)) as unknown as Date,
    })),
  );
  await db.insert(eventAttendances).values(
    members.map((member, i) => ({
      appId: ctx.appId,
      eventId,
      userId: member.id,
      status: i % 5 === 4 ? 'refused' : 'waiting',
      createdAt: at('2026-03-01T10:00:00Z', micro(i)) as unknown as Date,
    })),
  );
  await db.insert(notifications).values(
    Array.from({ length: 23 }, (_, i) => ({
      appId: ctx.appId,
      userId: lien.id,
      title: `Melding ${i}`,
      createdAt: at('2026-03-01T10:00:00Z', micro(i)) as unknown as Date,
    })),
  );
  await db.insert(feedback).values(
    Array.from({ length: 23 }, (_, i) => ({
      appId: ctx.appId,
      userId: lien.id,
      message: `bericht ${i}`,
      isHandled: i % 3 === 0,
      createdAt: at('2026-03-01T10:00:00Z', micro(i)) as unknown as Date,
    })),
  );
  await db
    .update(users)
    .set({ createdAt: sql`'2026-01-01T00:00:00Z'::timestamptz` as unknown as Date })
    .where(sql`${users.appId} = ${ctx.appId}`);
});
afterAll(() => ctx.close());

type Page = {
  items: { id?: number }[];
  total: number;
  totalIsLowerBound: boolean;
  nextCursor: string | null;
};

async function get(url: string, as: CreatedUser): Promise<Page> {
  const response = await ctx.request({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return json<Page>(response);
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** Follows `nextCursor` to the end; every page but the last is full. */
async function walkByCursor(url: string, as: CreatedUser, pageSize: number) {
  const pages: Page[] = [await get(withQuery(url, `pageSize=${pageSize}`), as)];
  for (let n = 1; pages[pages.length - 1]!.nextCursor && n < 100; n++) {
    const after = pages[pages.length - 1]!.nextCursor!;
    pages.push(await get(withQuery(url, `page=${n}&pageSize=${pageSize}&after=${after}`), as));
  }
  for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(pageSize);
  expect(pages[pages.length - 1]!.nextCursor).toBeNull();
  return pages;
}

const lists: { name: string; url: () => string; as: () => CreatedUser; key: (item: never) => unknown }[] = [
  { name: 'manager chores', url: () => '/api/applicationManager/Task', as: () => manager, key: idOf },
  { name: 'manager events', url: () => '/api/applicationManager/Event', as: () => manager, key: idOf },
  { name: 'manager posts', url: () => '/api/applicationManager/Post', as: () => manager, key: idOf },
  {
    name: 'manager active posts',
    url: () => '/api/applicationManager/Post/active',
    as: () => manager,
    key: idOf,
  },
  { name: 'member posts', url: () => '/api/post', as: () => lien, key: idOf },
  { name: 'home chores', url: () => '/api/task', as: () => lien, key: idOf },
  { name: 'member chores (Task/true)', url: () => '/api/Task/true', as: () => lien, key: idOf },
  { name: 'events, first first', url: () => '/api/event', as: () => lien, key: idOf },
  { name: 'events, last first', url: () => '/api/event?sortDirection=desc', as: () => lien, key: idOf },
  { name: 'comments', url: () => `/api/comment/task/${taskId}`, as: () => lien, key: idOf },
  { name: 'inbox', url: () => '/api/notification', as: () => lien, key: idOf },
  { name: 'my feedback', url: () => '/api/feedback', as: () => lien, key: idOf },
  { name: 'all feedback', url: () => '/api/applicationManager/feedback', as: () => manager, key: idOf },
  {
    name: 'waiting feedback',
    url: () => '/api/applicationManager/feedback?isHandled=false',
    as: () => manager,
    key: idOf,
  },
  {
    name: 'attendance sheet (manager)',
    url: () => `/api/applicationManager/Event/${eventId}/attendances`,
    as: () => manager,
    key: idOf,
  },
  {
    name: 'attendance sheet (members)',
    url: () => `/api/event/${eventId}/attendees`,
    as: () => lien,
    key: (item: { firstName: string; lastName: string }) => `${item.firstName} ${item.lastName}`,
  },
];

function idOf(item: { id: number }) {
  return item.id;
}

describe.each(lists)('$name', ({ url, as, key }) => {
  it('walks by cursor the same rows in the same order as one big page, each once', async () => {
    const whole = await get(withQuery(url(), 'pageSize=50'), as());
    expect(whole.nextCursor).toBeNull();
    expect(whole.total).toBe(whole.items.length);
    expect(whole.totalIsLowerBound).toBe(false);
    const pages = await walkByCursor(url(), as(), 4);
    const walked = pages.flatMap((p) => p.items).map((item) => key(item as never));
    expect(walked).toEqual(whole.items.map((item) => key(item as never)));
    for (const page of pages) expect(page.total).toBe(whole.total);
  });

  it('answers the same page by OFFSET (page) as by cursor', async () => {
    const pages = await walkByCursor(url(), as(), 3);
    const byOffset = await get(withQuery(url(), 'page=2&pageSize=3'), as());
    expect(byOffset.items).toEqual(pages[2]!.items);
    expect(byOffset.nextCursor).toBe(pages[2]!.nextCursor);
  });

  it('refuses a forged cursor in Dutch (400, field after)', async () => {
    const forged = [
      'nietbase64!!',
      encodeCursor('[1]'),
      encodeCursor('{"a":1}'),
      encodeCursor('["2026-01-01T00:00:00Z","x"]'),
      encodeCursor('[true, 1, 2, 3]'),
    ];
    for (const after of forged) {
      const response = await ctx.request({
        method: 'GET',
        url: withQuery(url(), `after=${after}`),
        as: as(),
      });
      expect(response.statusCode, after).toBe(400);
      const body = JSON.parse(response.body) as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(body.error.fields?.after).toBe('Deze lijst is intussen veranderd. Laad ze opnieuw.');
    }
  });
});

describe('the manager lists', () => {
  it("hold every row of this farm and none of another's", async () => {
    const tables = { Task: tasks, Event: events, Post: posts } as const;
    for (const [name, table] of Object.entries(tables)) {
      const all = await get(`/api/applicationManager/${name}?pageSize=100`, manager);
      const own = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(sql`${table.appId} = ${ctx.appId}`);
      expect(all.total).toBe(23);
      expect(all.items.map((i) => i.id).sort()).toEqual(own.map((r) => r.id).sort());
    }
  });
});

describe('the users list (page 1-based, rowsPerPage)', () => {
  async function users(body: Record<string, unknown>) {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/user/paged',
      as: manager,
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<Page & { items: { id: number; username: string }[]; page: number; rowsPerPage: number }>(
      response,
    );
  }

  it('walks by cursor like by page, oldest account first, ties by id', async () => {
    const whole = await users({ rowsPerPage: 200 });
    expect(whole.total).toBe(14);
    const walked: number[] = [];
    let page = await users({ rowsPerPage: 4 });
    for (let n = 2; n < 100; n++) {
      walked.push(...page.items.map((u) => u.id as number));
      if (!page.nextCursor) break;
      page = await users({ rowsPerPage: 4, page: n, after: page.nextCursor });
      expect(page.page).toBe(n);
    }
    expect(walked).toEqual(whole.items.map((u) => u.id));
    expect(walked).toEqual([...walked].sort((a, b) => a - b));
  });

  it('finds by first and last name together, user name and e-mail, case-insensitively', async () => {
    const named = (r: { items: { username: string }[] }) => r.items.map((u) => u.username).sort();
    const expected = (test: (i: number) => boolean) =>
      members
        .map((_, i) => i)
        .filter(test)
        .map((i) => `lid${i}`)
        .sort();
    expect(named(await users({ filter: 'jan peeters' }))).toEqual(
      expected((i) => i % 2 === 1 && i % 3 !== 0),
    );
    expect(named(await users({ filter: '@HOEVE' }))).toEqual(expected((i) => i % 4 === 0));
    expect(named(await users({ filter: 'lid1' }))).toEqual(['lid1', 'lid10', 'lid11']);
    // Like-wildcards are plain text.
    expect((await users({ filter: '%' })).total).toBe(0);
    expect((await users({ filter: 'lid_' })).total).toBe(0);
  });

  it('the waiting list holds the not approved only', async () => {
    const waiting = await ctx.createUser({ username: 'wachter', approved: false });
    const list = await users({ isApproved: false });
    expect(list.items.map((u) => u.id)).toEqual([waiting.id]);
    expect(list.total).toBe(1);
  });
});

describe('totals', () => {
  it('are counted up to the cap: beyond it the total is the cap and a lower bound', async () => {
    const rows = [1, 2, 3].map((id) => ({ id, cursor: `[${id}]` }));
    const request = { offset: 0, pageSize: 2 };
    const over = await finishPage(
      rows,
      request,
      (r) => r.id,
      async (cap) => cap,
    );
    expect(over).toEqual({
      items: [1, 2],
      total: pageCountCap,
      totalIsLowerBound: true,
      nextCursor: encodeCursor('[2]'),
    });
    const under = await finishPage(
      rows,
      request,
      (r) => r.id,
      async () => 3,
    );
    expect(under).toMatchObject({ total: 3, totalIsLowerBound: false });
  });

  it('cost no count when the page shows the end of the list', async () => {
    let counted = 0;
    const count = async () => {
      counted++;
      return 99;
    };
    const rows = [1, 2].map((id) => ({ id, cursor: `[${id}]` }));
    const last = await finishPage(rows, { offset: 40, pageSize: 5 }, (r) => r.id, count);
    expect(last).toMatchObject({ total: 42, nextCursor: null });
    expect(counted).toBe(0);
  });

  it('countUpTo stops at its cap in the database', async () => {
    const farm = tenantDb(ctx.db, ctx.appId);
    expect(await countUpTo(farm, tasks, sql`true`, 5)).toBe(5);
    expect(await countUpTo(farm, tasks, sql`true`, 1_000)).toBe(23);
  });
});

describe('post excerpts', () => {
  it('are stored with the post; older posts get theirs from the body once, when a list shows them', async () => {
    const [old] = await ctx.db
      .insert(posts)
      .values({
        appId: ctx.appId,
        title: 'Oud',
        body: '<p>Van <b>vroeger</b></p>',
        publishedAt: new Date('2031-01-01'),
      })
      .returning({ id: posts.id, excerpt: posts.excerpt });
    expect(old!.excerpt).toBeNull();
    const list = await get('/api/post?pageSize=1', lien);
    expect(list.items[0]).toMatchObject({ id: old!.id, excerpt: 'Van vroeger' });
    const [stored] = await ctx.db
      .select({ excerpt: posts.excerpt })
      .from(posts)
      .where(sql`${posts.id} = ${old!.id}`);
    expect(stored!.excerpt).toBe('Van vroeger');
    // A stored excerpt is what the list shows: the body is not read again.
    await ctx.db
      .update(posts)
      .set({ excerpt: 'Uit de kolom' })
      .where(sql`${posts.id} = ${old!.id}`);
    expect((await get('/api/post?pageSize=1', lien)).items[0]).toMatchObject({ excerpt: 'Uit de kolom' });
    await ctx.db.delete(posts).where(sql`${posts.id} = ${old!.id}`);
  });
});
