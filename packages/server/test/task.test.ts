import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managerTaskDetailSchema,
  managerTaskPageSchema,
  myTaskSchema,
  pagedTasksSchema,
  taskDetailSchema,
  type ManagerTaskDetail,
  type TaskDetail,
} from '@pluk/contract';
import { comments, creditEntries, notifications, tasks } from '../src/db/schema/index.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let appManager: CreatedUser;
let lien: CreatedUser;
let tom: CreatedUser;
let fien: CreatedUser;
let stranger: CreatedUser;
let strangerManager: CreatedUser;

const hour = 60 * 60 * 1000;
const day = 24 * hour;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * day + hours * hour);

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'klusbaas', roles: ['TaskManager'], firstName: 'Karel' });
  appManager = await ctx.createUser({ username: 'beheer', roles: ['ApplicationManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien', lastName: 'Lid' });
  tom = await ctx.createUser({ username: 'tom', firstName: 'Tom', lastName: 'Teuns' });
  fien = await ctx.createUser({ username: 'fien', firstName: 'Fien', lastName: 'Fonteyn' });
  const other = await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: other.appId, username: 'vreemd' });
  strangerManager = await ctx.createUser({
    appId: other.appId,
    username: 'vreemdbaas',
    roles: ['TaskManager'],
  });
});
afterAll(() => ctx.close());

interface TaskOptions {
  title?: string;
  startsAt?: Date;
  endsAt?: Date;
  places?: number;
  creditsPerPerson?: number;
  isClosed?: boolean;
  appId?: string;
}

/** A task straight in the database (for past, closed and other apps' tasks). */
async function insertTask(options: TaskOptions = {}): Promise<number> {
  const startsAt = options.startsAt ?? inDays(3);
  const [row] = await ctx.db
    .insert(tasks)
    .values({
      appId: options.appId ?? ctx.appId,
      title: options.title ?? 'Onkruid wieden',
      description: 'Tussen de preirijen.',
      location: 'Veld 2',
      startsAt,
      endsAt: options.endsAt ?? new Date(startsAt.getTime() + 2 * hour),
      places: options.places ?? 3,
      creditsPerPerson: options.creditsPerPerson ?? 2,
      isClosed: options.isClosed ?? false,
    })
    .returning({ id: tasks.id });
  return row!.id;
}

const take = (user: CreatedUser, taskId: number) =>
  ctx.request({ method: 'POST', url: '/api/task/take', as: user, payload: { taskId } });
const confirm = (assignmentId: number, as: CreatedUser = manager) =>
  ctx.request({ method: 'POST', url: '/api/task/confirm', as, payload: { assignmentId } });
const refuse = (assignmentId: number, as: CreatedUser = manager) =>
  ctx.request({ method: 'POST', url: '/api/task/refuse', as, payload: { assignmentId } });
const managerDetail = async (taskId: number): Promise<ManagerTaskDetail> => {
  const response = await ctx.request({
    method: 'GET',
    url: `/api/applicationManager/Task/${taskId}`,
    as: manager,
  });
  expect(response.statusCode).toBe(200);
  return managerTaskDetailSchema.parse(json(response));
};
const assignmentOf = async (taskId: number, user: CreatedUser): Promise<number> => {
  const taker = (await managerDetail(taskId)).takers.find((t) => t.userId === user.id);
  if (!taker) throw new Error('no assignment');
  return taker.assignmentId;
};
const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const validInput = () => ({
  title: 'Aardbeien planten',
  description: 'We planten 200 aardbeiplanten. Breng handschoenen mee.',
  location: 'Serre',
  startsAt: inDays(5).toISOString(),
  endsAt: inDays(5, 3).toISOString(),
  places: 4,
  creditsPerPerson: 3,
});

describe('manager: create, update, list, detail', () => {
  it('creates a task and lists it with its counts', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Task/Create',
      as: manager,
      payload: validInput(),
    });
    expect(response.statusCode).toBe(200);
    const created = managerTaskDetailSchema.parse(json(response));
    expect(created).toMatchObject({
      title: 'Aardbeien planten',
      location: 'Serre',
      places: 4,
      creditsPerPerson: 3,
      isClosed: false,
      placesLeft: 4,
      isFull: false,
      waitingCount: 0,
      takers: [],
    });
    const list = await ctx.request({ method: 'GET', url: '/api/applicationManager/Task', as: manager });
    expect(list.statusCode).toBe(200);
    const items = managerTaskPageSchema.parse(json(list)).items;
    expect(items.map((t) => t.id)).toContain(created.id);
  });

  it('an ApplicationManager passes the TaskManager check', async () => {
    const response = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Task/Create',
      as: appManager,
      payload: validInput(),
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses invalid input with Dutch messages per field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Vul een titel in.'],
      [{ title: 'x'.repeat(201) }, 'title', 'De titel is hoogstens 200 tekens lang.'],
      [{ description: 'x'.repeat(5001) }, 'description', 'De beschrijving is hoogstens 5000 tekens lang.'],
      [{ location: 'x'.repeat(201) }, 'location', 'De plaats is hoogstens 200 tekens lang.'],
      [{ places: 0 }, 'places', 'Het aantal plaatsen is minstens 1.'],
      [{ places: 501 }, 'places', 'Het aantal plaatsen is hoogstens 500.'],
      [{ places: 1.5 }, 'places', 'Het aantal plaatsen is een geheel getal.'],
      [{ creditsPerPerson: -1 }, 'creditsPerPerson', 'Het aantal werkpunten is minstens 0.'],
      [{ creditsPerPerson: 101 }, 'creditsPerPerson', 'Het aantal werkpunten is hoogstens 100.'],
      [{ startsAt: 'morgen' }, 'startsAt', 'Kies een geldige start (datum en uur).'],
      [
        { startsAt: inDays(5, 3).toISOString(), endsAt: inDays(5).toISOString() },
        'endsAt',
        'Het einde moet na de start liggen.',
      ],
    ];
    for (const [change, field, message] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/applicationManager/Task/Create',
        as: manager,
        payload: { ...validInput(), ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response).fields?.[field], JSON.stringify(change)).toBe(message);
    }
  });

  it('updates a task, but never below the places already taken', async () => {
    const taskId = await insertTask({ places: 3 });
    expect((await take(lien, taskId)).statusCode).toBe(200);
    expect((await take(tom, taskId)).statusCode).toBe(200);
    const update = (places: number) =>
      ctx.request({
        method: 'POST',
        url: '/api/applicationManager/Task/Update',
        as: manager,
        payload: { ...validInput(), id: taskId, title: 'Prei planten', places },
      });
    const tooFew = await update(1);
    expect(tooFew.statusCode).toBe(400);
    expect(errorOf(tooFew).fields?.places).toBe('Er zijn al 2 plaatsen ingenomen; kies minstens 2 plaatsen.');
    const ok = await update(2);
    expect(ok.statusCode).toBe(200);
    expect(managerTaskDetailSchema.parse(json(ok))).toMatchObject({
      title: 'Prei planten',
      places: 2,
      isFull: true,
    });
  });

  it('shows the takers with name, status and assignment id', async () => {
    const taskId = await insertTask();
    await take(tom, taskId);
    const detail = await managerDetail(taskId);
    expect(detail.takers).toEqual([
      expect.objectContaining({ userId: tom.id, firstName: 'Tom', lastName: 'Teuns', status: 'waiting' }),
    ]);
    expect(detail.waitingCount).toBe(1);
    const list = managerTaskPageSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/applicationManager/Task', as: manager })),
    ).items;
    expect(list.find((t) => t.id === taskId)).toMatchObject({
      waitingCount: 1,
      confirmedCount: 0,
      refusedCount: 0,
      placesTaken: 1,
    });
  });

  it('closes a task: nobody can take it any more', async () => {
    const taskId = await insertTask();
    const response = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Task/Close/${taskId}`,
      as: manager,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ isClosed: true });
    const taken = await take(lien, taskId);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({
      code: 'TASK_CLOSED',
      message: 'Dit klusje is afgesloten: je kan je niet meer inschrijven.',
    });
  });

  it('copies a task into a new open one without takers', async () => {
    const taskId = await insertTask({ title: 'Bonen oogsten', isClosed: true, places: 2 });
    await ctx.db.update(tasks).set({ isClosed: true }).where(eq(tasks.id, taskId));
    const response = await ctx.request({
      method: 'POST',
      url: `/api/applicationManager/Task/copy/${taskId}`,
      as: manager,
    });
    expect(response.statusCode).toBe(200);
    const copy = managerTaskDetailSchema.parse(json(response));
    expect(copy.id).not.toBe(taskId);
    expect(copy).toMatchObject({ title: 'Bonen oogsten', places: 2, isClosed: false, takers: [] });
  });

  it('deletes a task with its comments and tells its takers; earned credits stay', async () => {
    const taskId = await insertTask({ title: 'Kippenhok kuisen' });
    await take(lien, taskId);
    await take(fien, taskId);
    const confirmed = await confirm(await assignmentOf(taskId, fien));
    expect(confirmed.statusCode).toBe(200);
    await ctx.db.insert(comments).values({
      appId: ctx.appId,
      subjectType: 'task',
      subjectId: taskId,
      userId: lien.id,
      body: 'Ik breng een schop mee.',
    });
    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/applicationManager/Task/${taskId}`,
      as: manager,
    });
    expect(response.statusCode).toBe(204);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.id, taskId))).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.subjectType, 'task'), eq(comments.subjectId, taskId))),
    ).toEqual([]);
    const lienNotes = await ctx.db.select().from(notifications).where(eq(notifications.userId, lien.id));
    expect(lienNotes.map((n) => n.title)).toContain('Het klusje "Kippenhok kuisen" gaat niet door');
    const credits = await ctx.db.select().from(creditEntries).where(eq(creditEntries.userId, fien.id));
    expect(credits.some((c) => c.description === 'Kippenhok kuisen')).toBe(true);
    expect((await ctx.request({ method: 'GET', url: `/api/Task/${taskId}`, as: lien })).statusCode).toBe(404);
  });
});

describe('member: lists and detail', () => {
  it('the home list holds open tasks by start, 0-based pages, full ones marked full', async () => {
    await ctx.createApp({ appId: 'lijst', hosts: ['lijst.test'] });
    const member = await ctx.createUser({ appId: 'lijst', username: 'lijstlid' });
    const other = await ctx.createUser({ appId: 'lijst', username: 'lijstlid2' });
    const later = await insertTask({ appId: 'lijst', title: 'Later', startsAt: inDays(10) });
    const soon = await insertTask({ appId: 'lijst', title: 'Binnenkort', startsAt: inDays(1), places: 1 });
    const running = await insertTask({
      appId: 'lijst',
      title: 'Bezig',
      startsAt: inDays(0, -1),
      endsAt: inDays(0, 2),
    });
    await insertTask({ appId: 'lijst', title: 'Voorbij', startsAt: inDays(-3), endsAt: inDays(-3, 2) });
    await insertTask({ appId: 'lijst', title: 'Gesloten', startsAt: inDays(2), isClosed: true });
    const home = (query: string) =>
      ctx.request({ method: 'GET', url: `/api/task?${query}`, as: member, headers: { host: 'lijst.test' } });
    expect(
      (
        await ctx.request({
          method: 'POST',
          url: '/api/task/take',
          as: other,
          headers: { host: 'lijst.test' },
          payload: { taskId: soon },
        })
      ).statusCode,
    ).toBe(200);

    const first = pagedTasksSchema.parse(
      json(await home('isCompleted=false&pageSize=6&page=0&hasEnded=false')),
    );
    expect(first.items.map((t) => t.title)).toEqual(['Bezig', 'Binnenkort', 'Later']);
    expect(first).toMatchObject({ total: 3, page: 0, pageSize: 6 });
    expect(first.items[1]).toMatchObject({ id: soon, isFull: true, placesLeft: 0, myStatus: null });
    expect(first.items[0]).toMatchObject({ id: running, hasStarted: true, hasEnded: false });
    const second = pagedTasksSchema.parse(json(await home('isCompleted=false&pageSize=2&page=1')));
    expect(second.items.map((t) => t.id)).toEqual([later]);
    const completed = pagedTasksSchema.parse(json(await home('isCompleted=true')));
    expect(completed.items.map((t) => t.title)).toEqual(['Voorbij', 'Gesloten']);
    const defaults = pagedTasksSchema.parse(json(await home('')));
    expect(defaults).toMatchObject({ page: 0, pageSize: 6, total: 5 });
    for (const bad of ['pageSize=0', 'pageSize=51', 'page=-1', 'isCompleted=ja', 'page=x']) {
      expect((await home(bad)).statusCode, bad).toBe(400);
    }
  });

  it('the member list (Task/true) holds only open tasks of this app, the first to start first', async () => {
    const mine = await insertTask({ title: 'Compost keren', startsAt: inDays(2) });
    const foreign = await insertTask({ appId: 'ander', title: 'Vreemd klusje' });
    const response = await ctx.request({ method: 'GET', url: '/api/Task/true', as: lien });
    expect(response.statusCode).toBe(200);
    const list = pagedTasksSchema.parse(json(response)).items;
    expect(list.map((t) => t.id)).toContain(mine);
    expect(list.map((t) => t.id)).not.toContain(foreign);
    expect(list.every((t) => !t.isClosed && !t.hasEnded)).toBe(true);
    const starts = list.map((t) => t.startsAt);
    expect([...starts].sort()).toEqual(starts);
  });

  it('the detail shows places, my assignment and the first names of who helps', async () => {
    const taskId = await insertTask({ places: 3 });
    await take(lien, taskId);
    await take(tom, taskId);
    await refuse(await assignmentOf(taskId, tom));
    await take(fien, taskId);
    const response = await ctx.request({ method: 'GET', url: `/api/Task/${taskId}`, as: lien });
    const detail = taskDetailSchema.parse(json(response));
    expect(detail).toMatchObject({ placesTaken: 2, placesLeft: 1, myStatus: 'waiting', isFull: false });
    expect(detail.myAssignmentId).toEqual(expect.any(Number));
    expect(detail.helpers).toEqual([
      { firstName: 'Lien', status: 'waiting' },
      { firstName: 'Fien', status: 'waiting' },
    ]);
    const asTom = taskDetailSchema.parse(
      json(await ctx.request({ method: 'GET', url: `/api/Task/${taskId}`, as: tom })),
    );
    expect(asTom.myStatus).toBe('refused');
    // No contact data or last names for members.
    expect(JSON.stringify(detail)).not.toContain('Fonteyn');
  });

  it("another app's task is not found", async () => {
    const foreign = await insertTask({ appId: 'ander' });
    expect((await ctx.request({ method: 'GET', url: `/api/Task/${foreign}`, as: lien })).statusCode).toBe(
      404,
    );
    expect((await take(lien, foreign)).statusCode).toBe(404);
    expect(
      (await ctx.request({ method: 'POST', url: '/api/task/cancel', as: lien, payload: { taskId: foreign } }))
        .statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/applicationManager/Task/${foreign}`],
      ['POST', `/api/applicationManager/Task/Close/${foreign}`],
      ['POST', `/api/applicationManager/Task/copy/${foreign}`],
      ['DELETE', `/api/applicationManager/Task/${foreign}`],
    ] as const) {
      expect((await ctx.request({ method, url, as: manager })).statusCode, url).toBe(404);
    }
    const update = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Task/Update',
      as: manager,
      payload: { ...validInput(), id: foreign },
    });
    expect(update.statusCode).toBe(404);
    // The other app's assignment cannot be confirmed or refused from here.
    const taken = await ctx.request({
      method: 'POST',
      url: '/api/task/take',
      as: stranger,
      headers: { host: 'ander.test' },
      payload: { taskId: foreign },
    });
    expect(taken.statusCode).toBe(200);
    const foreignDetail = await ctx.request({
      method: 'GET',
      url: `/api/applicationManager/Task/${foreign}`,
      as: strangerManager,
      headers: { host: 'ander.test' },
    });
    const assignmentId = managerTaskDetailSchema.parse(json(foreignDetail)).takers[0]!.assignmentId;
    expect((await confirm(assignmentId)).statusCode).toBe(404);
    expect((await refuse(assignmentId)).statusCode).toBe(404);
  });

  it('a member without the TaskManager role gets 403 on manager calls', async () => {
    const taskId = await insertTask();
    await take(tom, taskId);
    const assignmentId = await assignmentOf(taskId, tom);
    const calls = [
      { method: 'GET', url: '/api/applicationManager/Task' },
      { method: 'GET', url: `/api/applicationManager/Task/${taskId}` },
      { method: 'POST', url: '/api/applicationManager/Task/Create', payload: validInput() },
      {
        method: 'POST',
        url: '/api/applicationManager/Task/Update',
        payload: { ...validInput(), id: taskId },
      },
      { method: 'DELETE', url: `/api/applicationManager/Task/${taskId}` },
      { method: 'POST', url: `/api/applicationManager/Task/Close/${taskId}` },
      { method: 'POST', url: `/api/applicationManager/Task/copy/${taskId}` },
      { method: 'POST', url: '/api/task/confirm', payload: { assignmentId } },
      { method: 'POST', url: '/api/task/refuse', payload: { assignmentId } },
    ] as const;
    for (const call of calls) {
      const response = await ctx.request({ ...call, as: lien });
      expect(response.statusCode, call.url).toBe(403);
      expect(errorOf(response).code).toBe('FORBIDDEN');
    }
    expect((await managerDetail(taskId)).takers[0]?.status).toBe('waiting');
  });
});

describe('member: take and cancel', () => {
  it('takes a place: the assignment waits', async () => {
    const taskId = await insertTask();
    const response = await take(lien, taskId);
    expect(response.statusCode).toBe(200);
    const detail: TaskDetail = taskDetailSchema.parse(json(response));
    expect(detail).toMatchObject({ myStatus: 'waiting', placesTaken: 1, placesLeft: 2 });
  });

  it('refuses a second take by the same member, and a refused member', async () => {
    const taskId = await insertTask();
    await take(lien, taskId);
    const again = await take(lien, taskId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'TASK_ALREADY_TAKEN',
      message: 'Je hebt je al ingeschreven voor dit klusje.',
    });
    await refuse(await assignmentOf(taskId, lien));
    const refused = await take(lien, taskId);
    expect(errorOf(refused)).toMatchObject({
      code: 'TASK_ALREADY_TAKEN',
      message: 'Je inschrijving voor dit klusje werd geweigerd; je kan je niet opnieuw inschrijven.',
    });
  });

  it('refuses a full, a started and a past task with a Dutch reason', async () => {
    const full = await insertTask({ places: 1 });
    await take(lien, full);
    const fullAnswer = await take(tom, full);
    expect(fullAnswer.statusCode).toBe(409);
    expect(errorOf(fullAnswer)).toMatchObject({
      code: 'TASK_FULL',
      message: 'Dit klusje is volzet: alle plaatsen zijn al ingenomen.',
    });
    const started = await insertTask({ startsAt: inDays(0, -1), endsAt: inDays(0, 1) });
    const past = await insertTask({ startsAt: inDays(-2), endsAt: inDays(-2, 2) });
    for (const taskId of [started, past]) {
      const answer = await take(lien, taskId);
      expect(answer.statusCode).toBe(409);
      expect(errorOf(answer)).toMatchObject({
        code: 'TASK_STARTED',
        message: 'Dit klusje is al begonnen of voorbij: je kan je niet meer inschrijven.',
      });
    }
  });

  it('cancels my waiting assignment before the start; not a confirmed one, not after the start', async () => {
    const taskId = await insertTask({ places: 1 });
    await take(lien, taskId);
    const cancel = (user: CreatedUser, id: number) =>
      ctx.request({ method: 'POST', url: '/api/task/cancel', as: user, payload: { taskId: id } });
    const cancelled = await cancel(lien, taskId);
    expect(cancelled.statusCode).toBe(200);
    expect(taskDetailSchema.parse(json(cancelled))).toMatchObject({ myStatus: null, placesLeft: 1 });
    // The place is free again.
    expect((await take(tom, taskId)).statusCode).toBe(200);
    const none = await cancel(lien, taskId);
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).message).toBe('Je bent niet ingeschreven voor dit klusje.');
    await confirm(await assignmentOf(taskId, tom));
    const confirmed = await cancel(tom, taskId);
    expect(confirmed.statusCode).toBe(409);
    expect(errorOf(confirmed).code).toBe('TASK_NOT_CANCELLABLE');

    const started = await insertTask({ startsAt: inDays(3) });
    await take(fien, started);
    await ctx.db
      .update(tasks)
      .set({ startsAt: inDays(0, -1) })
      .where(eq(tasks.id, started));
    const late = await cancel(fien, started);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toMatchObject({
      code: 'TASK_STARTED',
      message: 'Dit klusje is al begonnen: annuleren kan niet meer.',
    });
  });

  it('two members racing for the last place: exactly one gets it', async () => {
    for (let round = 0; round < 5; round++) {
      const taskId = await insertTask({ places: 2 });
      await take(fien, taskId);
      const answers = await Promise.all([take(lien, taskId), take(tom, taskId)]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!;
      expect(errorOf(loser).code).toBe('TASK_FULL');
      const detail = await managerDetail(taskId);
      expect(detail.takers).toHaveLength(2);
      expect(detail.isFull).toBe(true);
    }
  });

  it('my tasks list my assignments with their state', async () => {
    const member = await ctx.createUser({ username: 'mijnlid', firstName: 'Mira' });
    const a = await insertTask({ title: 'Eerste', startsAt: inDays(4) });
    const b = await insertTask({ title: 'Tweede', startsAt: inDays(6) });
    await take(member, a);
    await take(member, b);
    await confirm(await assignmentOf(a, member));
    const response = await ctx.request({ method: 'GET', url: '/api/user/tasks', as: member });
    expect(response.statusCode).toBe(200);
    const mine = myTaskSchema.array().parse(json(response));
    expect(mine.map((m) => [m.task.title, m.status])).toEqual([
      ['Tweede', 'waiting'],
      ['Eerste', 'confirmed'],
    ]);
    const asStranger = await ctx.request({
      method: 'GET',
      url: '/api/user/tasks',
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(
      myTaskSchema
        .array()
        .parse(json(asStranger))
        .some((m) => m.task.id === a),
    ).toBe(false);
  });
});

describe('manager: confirm and refuse', () => {
  it('confirms: credits granted, the member notified in Dutch with a link', async () => {
    const taskId = await insertTask({ title: 'Tomaten opbinden', creditsPerPerson: 4 });
    await take(lien, taskId);
    const assignmentId = await assignmentOf(taskId, lien);
    const response = await confirm(assignmentId);
    expect(response.statusCode).toBe(200);
    expect(managerTaskDetailSchema.parse(json(response)).takers[0]).toMatchObject({
      status: 'confirmed',
      handledAt: expect.any(String),
    });
    const credits = await ctx.db
      .select()
      .from(creditEntries)
      .where(eq(creditEntries.taskAssignmentId, assignmentId));
    expect(credits).toEqual([
      expect.objectContaining({ userId: lien.id, amount: 4, description: 'Tomaten opbinden' }),
    ]);
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lien.id), eq(notifications.link, `/tasks/${taskId}`)));
    expect(note).toMatchObject({ title: 'Je hulp bij "Tomaten opbinden" is bevestigd', isRead: false });
    expect(note?.body).toMatch(/^Bedankt! We rekenen op je op .+\. Je krijgt er 4 werkpunten voor\.$/);
    const asMember = taskDetailSchema.parse(
      json(await ctx.request({ method: 'GET', url: `/api/Task/${taskId}`, as: lien })),
    );
    expect(asMember.myStatus).toBe('confirmed');
  });

  it('grants credits once, whatever is retried: repeated, concurrent, and refuse → confirm', async () => {
    const taskId = await insertTask({ creditsPerPerson: 5 });
    await take(tom, taskId);
    const assignmentId = await assignmentOf(taskId, tom);
    const answers = await Promise.all([confirm(assignmentId), confirm(assignmentId), confirm(assignmentId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await confirm(assignmentId)).statusCode).toBe(200);
    const entries = () =>
      ctx.db.select().from(creditEntries).where(eq(creditEntries.taskAssignmentId, assignmentId));
    expect(await entries()).toHaveLength(1);
    const confirmNotes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tom.id), eq(notifications.link, `/tasks/${taskId}`)));
    expect(confirmNotes).toHaveLength(1);

    // Refusing a confirmed assignment takes its credits back; confirming again grants them once.
    expect((await refuse(assignmentId)).statusCode).toBe(200);
    expect(await entries()).toHaveLength(0);
    await Promise.all([confirm(assignmentId), confirm(assignmentId)]);
    expect(await entries()).toEqual([expect.objectContaining({ amount: 5 })]);
  });

  it('refuses: the member notified; refusing twice changes nothing', async () => {
    const taskId = await insertTask({ title: 'Serre verluchten' });
    await take(fien, taskId);
    const assignmentId = await assignmentOf(taskId, fien);
    const response = await refuse(assignmentId);
    expect(response.statusCode).toBe(200);
    expect(managerTaskDetailSchema.parse(json(response))).toMatchObject({ refusedCount: 1, placesLeft: 3 });
    expect((await refuse(assignmentId)).statusCode).toBe(200);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fien.id), eq(notifications.link, `/tasks/${taskId}`)));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.title).toBe('Je inschrijving voor "Serre verluchten" is geweigerd');
    expect(notes[0]?.body).toContain('Bekijk de andere klusjes');
  });

  it('confirming a refused assignment of a task that filled up since is refused', async () => {
    const taskId = await insertTask({ places: 1 });
    await take(lien, taskId);
    const first = await assignmentOf(taskId, lien);
    await refuse(first);
    await take(tom, taskId);
    const answer = await confirm(first);
    expect(answer.statusCode).toBe(409);
    expect(errorOf(answer).code).toBe('TASK_FULL');
  });

  it('an unknown assignment is not found', async () => {
    expect((await confirm(99_999_999)).statusCode).toBe(404);
    expect((await refuse(99_999_999)).statusCode).toBe(404);
  });

  it('only the member the notification is for gets it', async () => {
    const taskId = await insertTask({ title: 'Alleen voor Lien' });
    await take(lien, taskId);
    await confirm(await assignmentOf(taskId, lien));
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.link, `/tasks/${taskId}`));
    expect(rows.map((r) => r.userId)).toEqual([lien.id]);
  });
});
