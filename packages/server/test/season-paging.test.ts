import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentPageSchema,
  eventAttendeePageSchema,
  eventDetailSchema,
  feedbackPageSchema,
  managedAttendancePageSchema,
  managedEventDetailSchema,
  managedFeedbackPageSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import { comments, eventAttendances, events, feedback, tasks } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

/**
 * The reads that grow every season are paged like the community feeds (ADR 050): `page` 0-based,
 * `pageSize` with a default and a cap, `{ items, total, page, pageSize }`, a stable order, and another
 * farm's ids still 404.
 */

let ctx: TestContext;
let manager: CreatedUser;
let lien: CreatedUser;
let members: CreatedUser[];
let stranger: CreatedUser;
let taskId: number;
let eventId: number;
let foreignTaskId: number;
let foreignEventId: number;

const moment = new Date('2026-03-01T10:00:00.000Z');

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  members = [];
  for (let i = 0; i < 25; i++) {
    members.push(await ctx.createUser({ username: `lid${i}`, firstName: `Lid${i}`, lastName: 'Test' }));
  }
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'vreemd' });

  const taskValues = (appId: string) => ({
    appId,
    title: 'Wieden',
    startsAt: new Date('2030-05-01T08:00:00Z'),
    endsAt: new Date('2030-05-01T10:00:00Z'),
    places: 3,
  });
  const [task] = await ctx.db.insert(tasks).values(taskValues(ctx.appId)).returning({ id: tasks.id });
  const [foreignTask] = await ctx.db.insert(tasks).values(taskValues('ander')).returning({ id: tasks.id });
  taskId = task!.id;
  foreignTaskId = foreignTask!.id;
  const eventValues = (appId: string) => ({
    appId,
    title: 'Oogstfeest',
    startsAt: new Date('2030-06-01T08:00:00Z'),
    endsAt: new Date('2030-06-01T12:00:00Z'),
  });
  const [event] = await ctx.db.insert(events).values(eventValues(ctx.appId)).returning({ id: events.id });
  const [foreignEvent] = await ctx.db
    .insert(events)
    .values(eventValues('ander'))
    .returning({ id: events.id });
  eventId = event!.id;
  foreignEventId = foreignEvent!.id;

  // 45 comments, all at the same moment: only the id keeps their order stable across pages.
  await ctx.db.insert(comments).values(
    Array.from({ length: 45 }, (_, i) => ({
      appId: ctx.appId,
      subjectType: 'task',
      subjectId: taskId,
      userId: lien.id,
      body: `reactie ${i}`,
      createdAt: moment,
    })),
  );
  // 25 sign-ups (every fifth refused: the member sheet leaves those out) at the same moment.
  await ctx.db.insert(eventAttendances).values(
    members.map((member, i) => ({
      appId: ctx.appId,
      eventId,
      userId: member.id,
      guests: i % 3,
      status: i % 5 === 4 ? 'refused' : 'waiting',
      createdAt: moment,
    })),
  );
  // 30 feedback messages of Lien's, every third handled, and one of the other farm.
  await ctx.db.insert(feedback).values(
    Array.from({ length: 30 }, (_, i) => ({
      appId: ctx.appId,
      userId: lien.id,
      message: `bericht ${i}`,
      isHandled: i % 3 === 0,
      createdAt: new Date(moment.getTime() + i * 60_000),
    })),
  );
  await ctx.db.insert(feedback).values({ appId: 'ander', userId: stranger.id, message: 'elders' });
});
afterAll(() => ctx.close());

async function page<T>(schema: z.ZodType<T>, url: string, as: CreatedUser): Promise<T> {
  const response = await ctx.request({ method: 'GET', url, as });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(json(response));
}

/** Walks every page of a list and returns all items, checking the page shape on the way. */
async function everything<T>(
  schema: z.ZodType<{ items: T[]; total: number; page: number; pageSize: number }>,
  url: string,
  as: CreatedUser,
  pageSize: number,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  let total = 0;
  for (let n = 0; n < 100; n++) {
    const sep = url.includes('?') ? '&' : '?';
    const one = await page(schema, `${url}${sep}page=${n}&pageSize=${pageSize}`, as);
    expect(one).toMatchObject({ page: n, pageSize });
    expect(one.items.length).toBeLessThanOrEqual(pageSize);
    total = one.total;
    if (one.items.length === 0) break;
    items.push(...one.items);
  }
  return { items, total };
}

function expectPagingRefused(response: { statusCode: number; body: string }, field: string, text: RegExp) {
  expect(response.statusCode).toBe(400);
  const body = JSON.parse(response.body) as { error: { code: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.error.fields?.[field]).toMatch(text);
}

describe('comments', () => {
  const url = () => `/api/comment/task/${taskId}`;

  it('answers the first 20 by default, oldest first, with the total', async () => {
    const first = await page(commentPageSchema, url(), lien);
    expect(first).toMatchObject({ total: 45, page: 0, pageSize: 20 });
    expect(first.items.map((c) => c.body)).toEqual(Array.from({ length: 20 }, (_, i) => `reactie ${i}`));
  });

  it('walks every comment exactly once across pages, in a stable order', async () => {
    const { items, total } = await everything(commentPageSchema, url(), lien, 7);
    expect(total).toBe(45);
    expect(items.map((c) => c.body)).toEqual(Array.from({ length: 45 }, (_, i) => `reactie ${i}`));
    const ids = items.map((c) => c.id);
    expect(new Set(ids).size).toBe(45);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('caps the page size at 100 and refuses a negative page, in Dutch', async () => {
    expect((await page(commentPageSchema, `${url()}?pageSize=100`, lien)).items).toHaveLength(45);
    const tooMany = await ctx.request({ method: 'GET', url: `${url()}?pageSize=101`, as: lien });
    expectPagingRefused(tooMany, 'pageSize', /Hoogstens 100 per pagina/);
    const negative = await ctx.request({ method: 'GET', url: `${url()}?page=-1`, as: lien });
    expectPagingRefused(negative, 'page', /De eerste pagina is 0/);
  });

  it("answers 404 for another farm's subject, on any page", async () => {
    for (const query of ['', '?page=1&pageSize=5']) {
      const response = await ctx.request({
        method: 'GET',
        url: `/api/comment/task/${foreignTaskId}${query}`,
        as: lien,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the attendance sheet', () => {
  it('members: who comes (no refused), oldest first, paged with the total', async () => {
    const first = await page(eventAttendeePageSchema, `/api/event/${eventId}/attendees`, members[0]!);
    expect(first).toMatchObject({ total: 20, page: 0, pageSize: 20 });
    const { items, total } = await everything(
      eventAttendeePageSchema,
      `/api/event/${eventId}/attendees`,
      members[0]!,
      6,
    );
    expect(total).toBe(20);
    const expected = members
      .map((_, i) => i)
      .filter((i) => i % 5 !== 4)
      .map((i) => `Lid${i}`);
    expect(items.map((line) => line.firstName)).toEqual(expected);
    expect(items.filter((line) => line.isMe).map((line) => line.firstName)).toEqual(['Lid0']);
    expect(items.every((line) => line.status !== 'refused')).toBe(true);
  });

  it('the detail keeps the totals of the whole sheet, not of one page', async () => {
    const detail = eventDetailSchema.parse(
      json(await ctx.request({ method: 'GET', url: `/api/event/${eventId}`, as: lien })),
    );
    const holding = members.map((_, i) => i).filter((i) => i % 5 !== 4);
    const guests = holding.reduce((sum, i) => sum + (i % 3), 0);
    expect(detail.totals).toEqual({ members: 20, guests, places: 20 + guests });
    expect(detail).not.toHaveProperty('attendees');
  });

  it('managers: every sign-up with its id, refused ones too, paged', async () => {
    const { items, total } = await everything(
      managedAttendancePageSchema,
      `/api/applicationManager/Event/${eventId}/attendances`,
      manager,
      10,
    );
    expect(total).toBe(25);
    expect(items.map((line) => line.userId)).toEqual(members.map((m) => m.id));
    expect(items.filter((line) => line.status === 'refused')).toHaveLength(5);
    const detail = managedEventDetailSchema.parse(
      json(
        await ctx.request({ method: 'GET', url: `/api/applicationManager/Event/${eventId}`, as: manager }),
      ),
    );
    expect(detail).toMatchObject({ waitingCount: 20, refusedCount: 5, totals: { members: 20 } });
  });

  it("answers 404 for another farm's event or an unknown one, and caps the page size", async () => {
    for (const id of [foreignEventId, 999_999]) {
      for (const url of [`/api/event/${id}/attendees`, `/api/applicationManager/Event/${id}/attendances`]) {
        const response = await ctx.request({ method: 'GET', url, as: manager });
        expect(response.statusCode, url).toBe(404);
      }
    }
    const tooMany = await ctx.request({
      method: 'GET',
      url: `/api/event/${eventId}/attendees?pageSize=101`,
      as: lien,
    });
    expectPagingRefused(tooMany, 'pageSize', /Hoogstens 100 per pagina/);
  });

  it('a member cannot read the manager sheet', async () => {
    const response = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/Event/${eventId}/attendances`,
      as: lien,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('feedback', () => {
  it("my list: newest first, 20 by default, every message once across pages, never another farm's", async () => {
    const first = await page(feedbackPageSchema, '/api/feedback', lien);
    expect(first).toMatchObject({ total: 30, page: 0, pageSize: 20 });
    expect(first.items[0]?.message).toBe('bericht 29');
    const { items, total } = await everything(feedbackPageSchema, '/api/feedback', lien, 8);
    expect(total).toBe(30);
    expect(items.map((f) => f.message)).toEqual(Array.from({ length: 30 }, (_, i) => `bericht ${29 - i}`));
    const theirs = await ctx.request({
      method: 'GET',
      url: '/api/feedback',
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(feedbackPageSchema.parse(json(theirs)).total).toBe(1);
    expect((await page(feedbackPageSchema, '/api/feedback', members[0]!)).total).toBe(0);
  });

  it('the manager list: unhandled first, then newest first, across pages', async () => {
    const { items, total } = await everything(
      managedFeedbackPageSchema,
      '/api/applicationManager/feedback',
      manager,
      9,
    );
    expect(total).toBe(30);
    const unhandled = Array.from({ length: 30 }, (_, i) => 29 - i).filter((i) => i % 3 !== 0);
    const handled = Array.from({ length: 30 }, (_, i) => 29 - i).filter((i) => i % 3 === 0);
    expect(items.map((f) => f.message)).toEqual([...unhandled, ...handled].map((i) => `bericht ${i}`));
    expect(items.some((f) => f.message === 'elders')).toBe(false);
  });

  it('the manager list keeps only unhandled feedback when asked: its total is the waiting count', async () => {
    const waiting = await page(
      managedFeedbackPageSchema,
      '/api/applicationManager/feedback?isHandled=false&pageSize=1',
      manager,
    );
    expect(waiting).toMatchObject({ total: 20, pageSize: 1 });
    expect(waiting.items[0]).toMatchObject({ message: 'bericht 29', isHandled: false });
    const handled = await page(
      managedFeedbackPageSchema,
      '/api/applicationManager/feedback?isHandled=true',
      manager,
    );
    expect(handled.total).toBe(10);
    expect(handled.items.every((f) => f.isHandled)).toBe(true);
    const wrong = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/feedback?isHandled=ja',
      as: manager,
    });
    expectPagingRefused(wrong, 'isHandled', /Gebruik true of false/);
  });

  it('caps the page size at 100, in Dutch', async () => {
    const tooMany = await ctx.request({ method: 'GET', url: '/api/feedback?pageSize=500', as: lien });
    expectPagingRefused(tooMany, 'pageSize', /Hoogstens 100 per pagina/);
    const managerTooMany = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/feedback?pageSize=0',
      as: manager,
    });
    expectPagingRefused(managerTooMany, 'pageSize', /Minstens 1 per pagina/);
  });
});
