import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myCreditsSchema } from '@pluk/contract';
import { creditEntries, taskAssignments, tasks } from '../src/db/schema/index.js';
import { harvestYearOf } from '../src/modules/harvest-year.js';
import type { CreatedUser } from '../src/seed/factories.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
let manager: CreatedUser;
let lien: CreatedUser;
let stranger: CreatedUser;
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await ctx.createUser({ username: 'klusbaas', roles: ['TaskManager'] });
  lien = await ctx.createUser({ username: 'lien', firstName: 'Lien' });
  await ctx.createApp({ appId: 'ander', hosts: ['ander.test'] });
  stranger = await ctx.createUser({ appId: 'ander', username: 'vreemd' });
});
afterAll(() => ctx.close());

describe('harvest year', () => {
  const march = { month: 3, day: 1 };
  it('is named by the calendar year it starts in, on the farm clock', () => {
    expect(harvestYearOf(new Date('2026-03-01T00:30:00+01:00'), march)).toEqual({
      year: 2026,
      startsOn: '2026-03-01',
      endsOn: '2027-02-28',
    });
    // 28 February 23:30 in Brussels is still the previous harvest year.
    expect(harvestYearOf(new Date('2026-02-28T23:30:00+01:00'), march).year).toBe(2025);
    // 29 February 23:30 UTC is 1 March 00:30 in Brussels: the new year has started.
    expect(harvestYearOf(new Date('2028-02-29T23:30:00Z'), march).year).toBe(2028);
    expect(harvestYearOf(new Date('2027-06-15T12:00:00Z'), march)).toEqual({
      year: 2027,
      startsOn: '2027-03-01',
      endsOn: '2028-02-29',
    });
    expect(harvestYearOf(new Date('2026-01-01T12:00:00Z'), { month: 1, day: 1 })).toEqual({
      year: 2026,
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
    });
    expect(harvestYearOf(new Date('2026-10-14T12:00:00Z'), { month: 10, day: 15 }).year).toBe(2025);
  });
});

describe('user/credits', () => {
  it('lists this harvest year’s credits of confirmed tasks with the total; required is null', async () => {
    const startsAt = new Date(Date.now() + 3 * day);
    const create = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/Task/Create',
      as: manager,
      payload: {
        title: 'Rabarber oogsten',
        description: '',
        location: 'Veld 1',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        places: 2,
        creditsPerPerson: 3,
      },
    });
    const taskId = (json(create) as { id: number }).id;
    await ctx.request({ method: 'POST', url: '/api/task/take', as: lien, payload: { taskId } });
    const detail = json(
      await ctx.request({ method: 'GET', url: `/api/applicationManager/Task/${taskId}`, as: manager }),
    ) as { takers: { assignmentId: number }[] };
    const assignmentId = detail.takers[0]!.assignmentId;

    const before = myCreditsSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/credits', as: lien })),
    );
    expect(before).toMatchObject({ entries: [], total: 0, required: null });
    expect(before.harvestYear).toBe(harvestYearOf(new Date(), { month: 3, day: 1 }).year);

    await ctx.request({ method: 'POST', url: '/api/task/confirm', as: manager, payload: { assignmentId } });
    await ctx.request({ method: 'POST', url: '/api/task/confirm', as: manager, payload: { assignmentId } });

    // An entry of an earlier harvest year does not count.
    const [oldTask] = await ctx.db
      .insert(tasks)
      .values({
        appId: ctx.appId,
        title: 'Oud klusje',
        startsAt: new Date(Date.now() - 400 * day),
        endsAt: new Date(Date.now() - 400 * day + 3_600_000),
        places: 1,
        creditsPerPerson: 7,
      })
      .returning();
    const [oldAssignment] = await ctx.db
      .insert(taskAssignments)
      .values({ appId: ctx.appId, taskId: oldTask!.id, userId: lien.id, status: 'confirmed' })
      .returning();
    await ctx.db.insert(creditEntries).values({
      appId: ctx.appId,
      userId: lien.id,
      taskAssignmentId: oldAssignment!.id,
      harvestYear: before.harvestYear - 1,
      amount: 7,
      description: 'Oud klusje',
    });

    const response = await ctx.request({ method: 'GET', url: '/api/user/credits', as: lien });
    expect(response.statusCode).toBe(200);
    const credits = myCreditsSchema.parse(json(response));
    expect(credits.entries).toEqual([
      {
        id: expect.any(Number),
        date: startsAt.toISOString(),
        taskId,
        taskTitle: 'Rabarber oogsten',
        amount: 3,
      },
    ]);
    expect(credits.total).toBe(3);
    expect(credits.required).toBeNull();

    // Nobody else sees them: not another member, not another app's member.
    const other = await ctx.createUser({ username: 'ander-lid' });
    expect(
      myCreditsSchema.parse(json(await ctx.request({ method: 'GET', url: '/api/user/credits', as: other })))
        .total,
    ).toBe(0);
    const foreign = await ctx.request({
      method: 'GET',
      url: '/api/user/credits',
      as: stranger,
      headers: { host: 'ander.test' },
    });
    expect(myCreditsSchema.parse(json(foreign)).entries).toEqual([]);

    // A deleted task keeps its credits, dated by when they were granted.
    await ctx.request({ method: 'DELETE', url: `/api/applicationManager/Task/${taskId}`, as: manager });
    const after = myCreditsSchema.parse(
      json(await ctx.request({ method: 'GET', url: '/api/user/credits', as: lien })),
    );
    expect(after.entries).toEqual([expect.objectContaining({ taskId: null, taskTitle: 'Rabarber oogsten' })]);
    expect(after.total).toBe(3);
  });

  it('needs a signed-in member', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/user/credits' })).statusCode).toBe(401);
  });
});
