import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  managementSchema,
  outgoingMailSchema,
  todoKeys,
  type Management,
  type TodoKey,
} from '@pluk/contract';
import {
  bankImportLines,
  bankImports,
  emailLog,
  eventAttendances,
  events,
  feedback,
  intentionPolicies,
  intentionQuestionnaires,
  productReservations,
  products,
  taskAssignments,
  tasks,
} from '../src/db/schema/index.js';
import { createBankTransaction, type CreatedUser } from '../src/seed/factories.js';
import { enqueue } from '../src/jobs/queue.js';
import { genericPlan, statementsDuring } from './helpers/query-plan.js';
import { createTestContext, json, type TestContext } from './helpers/test-app.js';

let ctx: TestContext;
const staff: Record<string, CreatedUser> = {};
let member: CreatedUser;
let foreignManager: CreatedUser;

const day = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);

/**
 * One farm's worth of waiting work: `n` of everything the to-do list counts, plus what must not count
 * (handled, approved, paid, old, past the deadline).
 */
async function seedWork(appId: string, n: number, owner: CreatedUser, people: CreatedUser[]) {
  const db = ctx.db;
  for (let i = 0; i < n; i++) {
    await ctx.createUser({ appId, username: `wacht-${appId}-${i}`, approved: false });
  }
  for (const [i, person] of people.entries()) {
    // Overdue (n of them) and one not due yet.
    await createBankTransaction(db, {
      appId,
      userId: person.id,
      harvestYear: 2026,
      amountCents: 1000,
      description: `schuld ${i}`,
      dueDate: i < n ? isoDay(-3) : isoDay(10),
    });
  }
  const [file] = await db
    .insert(bankImports)
    .values({ appId, fileSha256: `sha-${appId}`, fileName: 'a.cod', format: 'coda' })
    .returning({ id: bankImports.id });
  const outcomes = [...Array<string>(n).fill('unmatched'), 'paid', 'ignored', 'matched-by-hand'];
  await db.insert(bankImportLines).values(
    outcomes.map((outcome, i) => ({
      appId,
      importId: file!.id,
      lineKey: `${appId}-line-${i}`,
      bookingDate: isoDay(-1),
      amountCents: 500,
      outcome,
    })),
  );
  const [offer] = await db
    .insert(products)
    .values({ appId, ownerUserId: owner.id, title: 'Eieren', quantity: 50 })
    .returning({ id: products.id });
  const [task] = await db
    .insert(tasks)
    .values({ appId, title: 'Wieden', startsAt: new Date(), endsAt: new Date(Date.now() + day), places: 20 })
    .returning({ id: tasks.id });
  const [event] = await db
    .insert(events)
    .values({ appId, title: 'Oogstfeest', startsAt: new Date(), endsAt: new Date(Date.now() + day) })
    .returning({ id: events.id });
  for (const [i, person] of people.entries()) {
    const waiting = i < n;
    await db.insert(productReservations).values({
      appId,
      productId: offer!.id,
      userId: person.id,
      quantity: 1,
      unitPriceCents: 0,
      totalCents: 0,
      status: waiting ? 'reserved' : 'paid',
    });
    await db
      .insert(taskAssignments)
      .values({ appId, taskId: task!.id, userId: person.id, status: waiting ? 'waiting' : 'confirmed' });
    await db
      .insert(eventAttendances)
      .values({ appId, eventId: event!.id, userId: person.id, status: waiting ? 'waiting' : 'refused' });
    await db.insert(feedback).values({ appId, userId: person.id, message: 'Hallo', isHandled: !waiting });
    await db.insert(emailLog).values({
      appId,
      toAddress: 'x@voorbeeld.test',
      subject: 'Post',
      body: '…',
      template: 'post',
      status: waiting ? 'failed' : 'sent',
    });
  }
  // A failure of long ago no longer counts.
  await db.insert(emailLog).values({
    appId,
    toAddress: 'oud@voorbeeld.test',
    subject: 'Oud',
    body: '…',
    template: 'post',
    status: 'failed',
    createdAt: new Date(Date.now() - 30 * day),
  });
  const [open, ended] = await db
    .insert(intentionPolicies)
    .values([
      { appId, harvestYear: 2031, title: 'Volgend jaar', deadline: isoDay(14) },
      { appId, harvestYear: 2030, title: 'Voorbij', deadline: isoDay(-2) },
    ])
    .returning({ id: intentionPolicies.id });
  for (const [i, person] of people.entries()) {
    await db.insert(intentionQuestionnaires).values([
      i < n
        ? { appId, policyId: open!.id, userId: person.id }
        : {
            appId,
            policyId: open!.id,
            userId: person.id,
            status: 'submitted',
            choice: 'stop',
            submittedAt: new Date(),
          },
      { appId, policyId: ended!.id, userId: person.id },
    ]);
  }
  return { roundId: open!.id };
}

let roundId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of [
    'Admin',
    'ApplicationManager',
    'BankManager',
    'TaskManager',
    'EventManager',
    'ProductManager',
    'PostManager',
    'Analyst',
  ] as const) {
    staff[role] = await ctx.createUser({ username: `rol-${role.toLowerCase()}`, roles: [role] });
  }
  member = await ctx.createUser({ username: 'gewoon-lid' });
  const people = [];
  for (let i = 0; i < 4; i++) people.push(await ctx.createUser({ username: `lid-${i}` }));
  ({ roundId } = await seedWork(ctx.appId, 3, staff.ApplicationManager!, people));

  // Another farm with more of everything: none of it may be counted here.
  const other = await ctx.createApp({ appId: 'andere-hoeve', hosts: ['andere.test'] });
  foreignManager = await ctx.createUser({
    appId: other.appId,
    username: 'vreemd',
    roles: ['ApplicationManager'],
  });
  const foreignPeople = [];
  for (let i = 0; i < 6; i++) {
    foreignPeople.push(await ctx.createUser({ appId: other.appId, username: `ander-${i}` }));
  }
  await seedWork(other.appId, 5, foreignManager, foreignPeople);
});
afterAll(async () => {
  await ctx.close();
});

async function todoOf(user: CreatedUser): Promise<Map<TodoKey, Management['todo'][number]>> {
  const response = await ctx.request({
    method: 'GET',
    url: '/api/applicationManager/Management',
    as: user,
    headers: user.appId === ctx.appId ? {} : { host: 'andere.test' },
  });
  expect(response.statusCode).toBe(200);
  const answer = managementSchema.parse(json(response));
  return new Map(answer.todo.map((item) => [item.key, item]));
}

describe('GET applicationManager/Management (the to-do list)', () => {
  it('counts everything waiting for an ApplicationManager, only of its own farm', async () => {
    const todo = await todoOf(staff.ApplicationManager!);
    expect([...todo.keys()]).toEqual([...todoKeys]);
    for (const key of todoKeys) expect(todo.get(key)?.count, key).toBe(3);
    expect(todo.get('questionnairesUnanswered')?.roundId).toBe(roundId);
    expect(todo.get('waitingMembers')?.roundId).toBeNull();
    // An Admin sees the same.
    const admin = await todoOf(staff.Admin!);
    expect([...admin.values()]).toEqual([...todo.values()]);
  });

  it('answers each role only the items it handles', async () => {
    const keysOf = async (role: string) => [...(await todoOf(staff[role]!)).keys()];
    expect(await keysOf('BankManager')).toEqual(['overduePayments', 'bankLinesToMatch']);
    expect(await keysOf('TaskManager')).toEqual(['choresToConfirm']);
    expect(await keysOf('EventManager')).toEqual(['signUpsToConfirm']);
    expect(await keysOf('ProductManager')).toEqual(['reservationsToHandle']);
    expect(await keysOf('PostManager')).toEqual([]);
    expect(await keysOf('Analyst')).toEqual([]);
    const bank = await todoOf(staff.BankManager!);
    expect(bank.get('overduePayments')?.count).toBe(3);
  });

  it('counts the other farm its own work', async () => {
    const todo = await todoOf(foreignManager);
    for (const key of todoKeys) expect(todo.get(key)?.count, key).toBe(5);
  });

  it('refuses a member without a role (403) and anyone signed out (401)', async () => {
    const asMember = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Management',
      as: member,
    });
    expect(asMember.statusCode).toBe(403);
    expect(json(asMember)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const anonymous = await ctx.request({ method: 'GET', url: '/api/applicationManager/Management' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('drops a count once the work is done', async () => {
    const waiting = await ctx.createUser({ username: 'nog-een', approved: false });
    expect((await todoOf(staff.ApplicationManager!)).get('waitingMembers')?.count).toBe(4);
    const approve = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/User/Approve',
      as: staff.ApplicationManager!,
      payload: { userId: waiting.id },
    });
    expect(approve.statusCode).toBe(200);
    expect((await todoOf(staff.ApplicationManager!)).get('waitingMembers')?.count).toBe(3);
  });
});

describe('each count is one statement on an index (decision 092, migration 0018)', () => {
  it("reads every count's table through its index in the generic plan", async () => {
    const { result, statements } = await statementsDuring(() =>
      ctx.request({
        method: 'GET',
        url: '/api/applicationManager/Management',
        as: staff.ApplicationManager!,
      }),
    );
    expect(result.statusCode).toBe(200);
    const counts = statements.filter((s) => /count\(\*\)/.test(s.query));
    expect(counts).toHaveLength(todoKeys.length);
    const expectedIndex: Record<string, string> = {
      '"users"': 'users_waiting_created_id',
      '"bank_transactions"': 'bank_transactions_open_due',
      '"bank_import_lines"': 'bank_import_lines_to_match',
      '"product_reservations"': 'product_reservations_reserved',
      '"task_assignments"': 'task_assignments_waiting',
      '"event_attendances"': 'event_attendances_waiting',
      '"feedback"': 'feedback_app_handled_created_id',
      '"email_log"': 'email_log_app_unsent',
      '"intention_questionnaires"': 'intention_questionnaires_policy_status',
    };
    for (const statement of counts) {
      const table = Object.keys(expectedIndex).find((name) => statement.query.includes(`from ${name}`));
      expect(table, statement.query).toBeDefined();
      const plan = await genericPlan(ctx.db, statement);
      expect(plan, statement.query).toContain(expectedIndex[table!]!);
    }
  });
});

describe('the lists the to-do items link to take their filter', () => {
  it('bank/Paged overdue, Task and Event manager lists waiting, product offers with open reservations', async () => {
    const bank = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/bank/Paged',
      as: staff.BankManager!,
      payload: { overdue: true },
    });
    expect(bank.statusCode).toBe(200);
    expect(json<{ total: number }>(bank).total).toBe(3);
    const tasksWaiting = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Task?waiting=true',
      as: staff.TaskManager!,
    });
    expect(tasksWaiting.statusCode).toBe(200);
    expect(json<{ items: unknown[] }>(tasksWaiting).items).toHaveLength(1);
    const eventsWaiting = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Event?waiting=true',
      as: staff.EventManager!,
    });
    expect(eventsWaiting.statusCode).toBe(200);
    expect(json<{ items: unknown[] }>(eventsWaiting).items).toHaveLength(1);
    const offers = await ctx.request({
      method: 'POST',
      url: '/api/applicationManager/product/Paged',
      as: staff.ProductManager!,
      payload: { reservations: 'open' },
    });
    expect(offers.statusCode).toBe(200);
    expect(json<{ items: { reservedCount: number }[] }>(offers).items).toEqual([
      expect.objectContaining({ reservedCount: 3 }),
    ]);
  });
});

describe('GET applicationManager/Management/sendEmails', () => {
  it("tells where the farm's e-mail stands: no SMTP, queued, failed and not sent lately", async () => {
    await ctx.db.insert(emailLog).values({
      appId: ctx.appId,
      toAddress: 'y@voorbeeld.test',
      subject: 'Niet',
      body: '…',
      template: 'post',
      status: 'not_sent',
    });
    await ctx.app.jobs.drain();
    await enqueue(ctx.db, [
      {
        appId: ctx.appId,
        kind: 'mail',
        idempotencyKey: 'management-test-mail',
        payload: {},
        runAt: new Date(Date.now() + day),
      },
    ]);
    const response = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Management/sendEmails',
      as: staff.ApplicationManager!,
    });
    expect(response.statusCode).toBe(200);
    expect(outgoingMailSchema.parse(json(response))).toEqual({
      smtpSource: 'none',
      waiting: 1,
      failedRecently: 3,
      // The one recorded above and the approval's welcome mail, recorded without SMTP when drained.
      notSentRecently: 2,
    });
    const foreign = await ctx.request({
      method: 'GET',
      url: '/api/applicationManager/Management/sendEmails',
      as: foreignManager,
      headers: { host: 'andere.test' },
    });
    // The other farm's own: no job of ours, its five failures.
    expect(json(foreign)).toMatchObject({ waiting: 0, failedRecently: 5, notSentRecently: 0 });
    for (const user of [staff.BankManager!, member]) {
      const refused = await ctx.request({
        method: 'GET',
        url: '/api/applicationManager/Management/sendEmails',
        as: user,
      });
      expect(refused.statusCode).toBe(403);
    }
  });
});
