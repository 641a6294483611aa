import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentPageSchema, type Comment } from '@pluk/contract';
import { events, posts, tasks } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let anna: CreatedUser;
let bert: CreatedUser;
let taskManager: CreatedUser;
let postManager: CreatedUser;
let stranger: CreatedUser;
let taskId: number;
let eventId: number;
let postId: number;
let inactivePostId: number;
let otherTaskId: number;

const hour = 3600_000;

beforeAll(async () => {
  ctx = await createTestContext();
  anna = await ctx.createUser({ username: 'anna', firstName: 'Anna', lastName: 'Peeters' });
  bert = await ctx.createUser({ username: 'bert', firstName: 'Bert', lastName: 'Janssens' });
  taskManager = await ctx.createUser({ username: 'klusbaas', roles: ['TaskManager'] });
  postManager = await ctx.createUser({ username: 'redacteur', roles: ['PostManager'] });
  const now = Date.now();
  const [task] = await ctx.db
    .insert(tasks)
    .values({
      appId: ctx.appId,
      title: 'Onkruid wieden',
      startsAt: new Date(now + hour),
      endsAt: new Date(now + 2 * hour),
      places: 2,
    })
    .returning();
  taskId = task!.id;
  const [event] = await ctx.db
    .insert(events)
    .values({
      appId: ctx.appId,
      title: 'Oogstfeest',
      startsAt: new Date(now + hour),
      endsAt: new Date(now + 2 * hour),
    })
    .returning();
  eventId = event!.id;
  const [post] = await ctx.db
    .insert(posts)
    .values({ appId: ctx.appId, title: 'Nieuws', body: '<p>Hallo</p>' })
    .returning();
  postId = post!.id;
  const [inactive] = await ctx.db
    .insert(posts)
    .values({ appId: ctx.appId, title: 'Klad', body: '', isActive: false })
    .returning();
  inactivePostId = inactive!.id;
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemde' });
  const [otherTask] = await ctx.db
    .insert(tasks)
    .values({
      appId: other.appId,
      title: 'Elders',
      startsAt: new Date(now + hour),
      endsAt: new Date(now + 2 * hour),
      places: 1,
    })
    .returning();
  otherTaskId = otherTask!.id;
});
afterAll(async () => {
  await ctx.close();
});

async function add(as: CreatedUser, subjectType: string, subjectId: number, body: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/comment/create',
    as,
    payload: { subjectType, subjectId, body },
  });
}
async function list(as: CreatedUser, subjectType: string, subjectId: number): Promise<Comment[]> {
  const response = await ctx.request({ method: 'GET', url: `/api/comment/${subjectType}/${subjectId}`, as });
  expect(response.statusCode).toBe(200);
  return commentPageSchema.parse(json(response)).items;
}

describe('comments', () => {
  it('adds trimmed plain text and lists oldest first with author and rights', async () => {
    const first = await add(anna, 'task', taskId, '  Ik breng een schoffel mee. ');
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({
      body: 'Ik breng een schoffel mee.',
      authorName: 'Anna Peeters',
      canEdit: true,
    });
    const second = await add(bert, 'task', taskId, '<script>alert(1)</script> Ik ook');
    expect(second.statusCode).toBe(200);
    // Stored and returned as text: the web app renders it as text, never as HTML.
    expect(json(second)).toMatchObject({ body: '<script>alert(1)</script> Ik ook' });

    const seenByAnna = await list(anna, 'task', taskId);
    expect(seenByAnna.map((c) => c.authorName)).toEqual(['Anna Peeters', 'Bert Janssens']);
    expect(seenByAnna.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [true, true],
      [false, false],
    ]);
    const seenByManager = await list(taskManager, 'task', taskId);
    expect(seenByManager.map((c) => [c.canEdit, c.canDelete])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(seenByManager[0]!.editedAt).toBeNull();
  });

  it('refuses an empty or too long comment in Dutch', async () => {
    const empty = await add(anna, 'event', eventId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(empty).error.fields.body).toBe(
      'Schrijf een reactie.',
    );
    const long = await add(anna, 'event', eventId, 'a'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(json<{ error: { fields: Record<string, string> } }>(long).error.fields.body).toContain('2000');
    const ok = await add(anna, 'event', eventId, 'a'.repeat(2000));
    expect(ok.statusCode).toBe(200);
  });

  it('edits only my own comment; another member gets 403', async () => {
    const created = json<Comment>(await add(anna, 'event', eventId, 'Ik kom met twee.'));
    const edited = await ctx.request({
      method: 'POST',
      url: '/api/comment/update',
      as: anna,
      payload: { id: created.id, body: 'Ik kom met drie.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toMatchObject({ body: 'Ik kom met drie.' });
    expect(json<Comment>(edited).editedAt).not.toBeNull();
    const hijack = await ctx.request({
      method: 'POST',
      url: '/api/comment/update',
      as: bert,
      payload: { id: created.id, body: 'Gekaapt' },
    });
    expect(hijack.statusCode).toBe(403);
    const byManager = await ctx.request({
      method: 'POST',
      url: '/api/comment/update',
      as: taskManager,
      payload: { id: created.id, body: 'x' },
    });
    expect(byManager.statusCode).toBe(403);
    expect((await list(bert, 'event', eventId)).find((c) => c.id === created.id)?.body).toBe(
      'Ik kom met drie.',
    );
  });

  it('deletes my own; another member 403; the manager of the area may delete any, another manager not', async () => {
    const mine = json<Comment>(await add(anna, 'task', taskId, 'Weg ermee'));
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${mine.id}`, as: bert })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${mine.id}`, as: anna })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${mine.id}`, as: anna })).statusCode,
    ).toBe(404);

    const annas = json<Comment>(await add(anna, 'task', taskId, 'Modereer mij'));
    // A PostManager does not moderate chores.
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${annas.id}`, as: postManager })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${annas.id}`, as: taskManager })).statusCode,
    ).toBe(204);

    const onPost = json<Comment>(await add(bert, 'post', postId, 'Mooi nieuws'));
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${onPost.id}`, as: taskManager })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/comment/${onPost.id}`, as: postManager })).statusCode,
    ).toBe(204);
  });

  it('answers 404 for a missing subject, an inactive post (members), an offer and another farm', async () => {
    expect((await add(anna, 'task', 999999, 'Hallo')).statusCode).toBe(404);
    expect((await add(anna, 'post', inactivePostId, 'Hallo')).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/comment/post/${inactivePostId}`, as: anna })).statusCode,
    ).toBe(404);
    expect((await add(postManager, 'post', inactivePostId, 'Nog niet gepubliceerd')).statusCode).toBe(200);
    expect((await add(anna, 'offer', 1, 'Hallo')).statusCode).toBe(404);
    expect((await ctx.request({ method: 'GET', url: '/api/comment/offer/1', as: anna })).statusCode).toBe(
      404,
    );
    expect((await add(anna, 'task', otherTaskId, 'Hallo')).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'GET', url: `/api/comment/task/${otherTaskId}`, as: anna })).statusCode,
    ).toBe(404);
    expect((await add(anna, 'nieuws', 1, 'Hallo')).statusCode).toBe(400);
  });

  it("another farm's member cannot read, edit or delete this farm's comments", async () => {
    const mine = json<Comment>(await add(anna, 'task', taskId, 'Alleen voor ons'));
    const read = await ctx.request({
      method: 'GET',
      url: `/api/comment/task/${taskId}`,
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(read.statusCode).toBe(404);
    const edit = await ctx.request({
      method: 'POST',
      url: '/api/comment/update',
      as: stranger,
      headers: { host: 'ander.test' },
      payload: { id: mine.id, body: 'x' },
    });
    expect(edit.statusCode).toBe(404);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/comment/${mine.id}`,
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(del.statusCode).toBe(404);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.request({ method: 'GET', url: `/api/comment/task/${taskId}` })).statusCode).toBe(401);
  });
});
