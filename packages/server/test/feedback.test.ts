import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  feedbackPageSchema,
  feedbackSchema,
  managedFeedbackPageSchema,
  type Feedback,
  type ManagedFeedbackPage,
} from '@pluk/contract';
import { feedback, notifications } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let lien: CreatedUser;
let tom: CreatedUser;
let manager: CreatedUser;
let postManager: CreatedUser;
let stranger: CreatedUser;
let strangerFeedbackId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teler' });
  manager = await ctx.createUser({ username: 'baas', roles: ['ApplicationManager'] });
  postManager = await ctx.createUser({ username: 'redactie', roles: ['PostManager'] });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'vreemde' });
  const [row] = await ctx.db
    .insert(feedback)
    .values({ appId: 'ander', userId: stranger.id, message: 'Andere boerderij' })
    .returning();
  strangerFeedbackId = row!.id;
});
afterAll(() => ctx.close());

const post = (url: string, as: CreatedUser, payload: object) =>
  ctx.request({ method: 'POST', url, as, payload });
const get = (url: string, as: CreatedUser) => ctx.request({ method: 'GET', url, as });

async function send(as: CreatedUser, message: string, subject?: string): Promise<Feedback> {
  const response = await post('/api/feedback/create', as, { subject, message });
  expect(response.statusCode).toBe(200);
  return feedbackSchema.parse(json(response));
}

describe('member feedback', () => {
  it('sends feedback and lists only mine, newest first', async () => {
    const first = await send(lien, '  De composthoop ruikt.  ', 'Compost');
    expect(first).toMatchObject({
      subject: 'Compost',
      message: 'De composthoop ruikt.',
      isHandled: false,
      answer: null,
      handledAt: null,
    });
    const second = await send(lien, 'Meer bonen graag!');
    expect(second.subject).toBe('');
    await send(tom, 'Tom zijn bericht');
    const list = feedbackPageSchema.parse(json(await get('/api/feedback', lien))).items;
    expect(list.map((f) => f.message)).toEqual(['Meer bonen graag!', 'De composthoop ruikt.']);
    expect(json(await get(`/api/feedback/${first.id}`, lien))).toMatchObject({ id: first.id });
  });

  it('explains an empty or too long message in Dutch', async () => {
    const empty = await post('/api/feedback/create', lien, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { message: 'Schrijf je bericht.' } },
    });
    const long = await post('/api/feedback/create', lien, {
      message: 'x'.repeat(5001),
      subject: 'y'.repeat(201),
    });
    expect(json(long)).toMatchObject({
      error: {
        fields: {
          message: 'Een bericht heeft hoogstens 5000 tekens.',
          subject: 'Een onderwerp heeft hoogstens 200 tekens.',
        },
      },
    });
    expect((await post('/api/feedback/create', lien, { message: 'x'.repeat(5000) })).statusCode).toBe(200);
  });

  it('never shows or changes another member’s feedback (404), nor another farm’s', async () => {
    const toms = await send(tom, 'Alleen voor de boer');
    expect((await get(`/api/feedback/${toms.id}`, lien)).statusCode).toBe(404);
    expect((await get(`/api/feedback/${strangerFeedbackId}`, lien)).statusCode).toBe(404);
    const change = await post('/api/feedback/update', lien, { id: toms.id, message: 'Gekaapt' });
    expect(change.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, toms.id));
    expect(row?.message).toBe('Alleen voor de boer');
    expect(
      (await post('/api/feedback/update', lien, { id: strangerFeedbackId, message: 'x' })).statusCode,
    ).toBe(404);
  });

  it('changes my feedback while it is not handled', async () => {
    const mine = await send(lien, 'Eerste versie');
    const response = await post('/api/feedback/update', lien, {
      id: mine.id,
      subject: 'Bijgewerkt',
      message: 'Tweede versie',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: mine.id, subject: 'Bijgewerkt', message: 'Tweede versie' });
  });
});

describe('manager feedback', () => {
  it('lists all feedback of the app, unhandled first, with the sender', async () => {
    const response = await get('/api/applicationManager/feedback', manager);
    expect(response.statusCode).toBe(200);
    const list = managedFeedbackPageSchema.parse(json(response)).items;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.some((item) => item.message === 'Andere boerderij')).toBe(false);
    const toms = list.find((item) => item.message === 'Tom zijn bericht');
    expect(toms?.user).toMatchObject({ id: tom.id, firstName: 'Tom', lastName: 'Teler' });
  });

  it('marks feedback handled with an answer and notifies the member', async () => {
    const mine = await send(lien, 'Kan de poort vroeger open?', 'Poort');
    const response = await post('/api/applicationManager/feedback/handle', manager, {
      id: mine.id,
      answer: '  Vanaf mei om 8 uur.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ id: mine.id, isHandled: true, answer: 'Vanaf mei om 8 uur.' });
    const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, mine.id));
    expect(row).toMatchObject({ isHandled: true, handledByUserId: manager.id });
    const inbox = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, '/account/feedback')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: 'Je feedback werd beantwoord', body: 'Vanaf mei om 8 uur.' });
    const seen = json<Feedback>(await get(`/api/feedback/${mine.id}`, lien));
    expect(seen).toMatchObject({ isHandled: true, answer: 'Vanaf mei om 8 uur.' });
    expect(seen.handledAt).not.toBeNull();

    // The list now puts it after every unhandled one.
    const list = json<ManagedFeedbackPage>(await get('/api/applicationManager/feedback', manager)).items;
    const firstHandled = list.findIndex((item) => item.isHandled);
    expect(list.slice(firstHandled).every((item) => item.isHandled)).toBe(true);

    // Handled feedback stays as it was answered.
    const again = await post('/api/applicationManager/feedback/handle', manager, {
      id: mine.id,
      answer: 'Anders',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      error: {
        code: 'FEEDBACK_ALREADY_HANDLED',
        message: 'Deze feedback is al behandeld en kan niet meer gewijzigd worden.',
      },
    });
    const late = await post('/api/feedback/update', lien, { id: mine.id, message: 'Nog iets' });
    expect(late.statusCode).toBe(409);
    expect(json(late)).toMatchObject({ error: { code: 'FEEDBACK_ALREADY_HANDLED' } });
    await ctx.app.jobs.drain();
  });

  it('handles without an answer too', async () => {
    const mine = await send(tom, 'Gewoon een compliment', 'Bedankt');
    const response = await post('/api/applicationManager/feedback/handle', manager, { id: mine.id });
    expect(json(response)).toMatchObject({ isHandled: true, answer: null });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tom.id), eq(notifications.title, 'Je feedback werd behandeld')));
    expect(note?.body).toBe('We hebben “Bedankt” bekeken. Bedankt!');
    await ctx.app.jobs.drain();
  });

  it('answers 404 for another farm’s feedback and 403 without the role', async () => {
    const foreign = await post('/api/applicationManager/feedback/handle', manager, {
      id: strangerFeedbackId,
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await ctx.db.select().from(feedback).where(eq(feedback.id, strangerFeedbackId));
    expect(row?.isHandled).toBe(false);
    expect((await get('/api/applicationManager/feedback', lien)).statusCode).toBe(403);
    expect((await get('/api/applicationManager/feedback', postManager)).statusCode).toBe(403);
    const mine = await send(lien, 'Niet door mezelf');
    expect((await post('/api/applicationManager/feedback/handle', lien, { id: mine.id })).statusCode).toBe(
      403,
    );
  });
});
