import type { FastifyInstance } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { ManagerTaskDetail, ManagerTaskPage, MyTask, PagedTasks, TaskDetail } from '@pluk/contract';
import {
  managerTaskQuerySchema,
  openTasksQuerySchema,
  taskHomeQuerySchema,
  taskInputSchema,
  taskUpdateSchema,
} from '@pluk/contract';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { tenantDb, type TenantDb } from '../../db/tenant.js';
import { comments, creditEntries, taskAssignments, tasks, users } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import {
  afterCursor,
  cappedTotal,
  countUpTo,
  cursorColumn,
  cursorParams,
  cursorPlaceholders,
  decodeCursor,
  finishPage,
  literalFlag,
  pageWindow,
  windowKey,
  windowOf,
  windowParams,
  type PageKey,
} from '../../lib/paging.js';
import type { AuthUser } from '../../types.js';
import { harvestYearOf, harvestYearStartOf } from '../harvest-year.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import { confirmedNotification, deletedNotification, refusedNotification } from './notifications.js';
import {
  presentManagerTask,
  presentManagerTaskDetail,
  presentMyTask,
  presentTaskDetail,
  presentTaskSummary,
  type TaskRow,
} from './presenter.js';

type Db = Database | Transaction;

/** Places taken: waiting and confirmed assignments of the task in the outer query. */
const placesTakenSql = sql<number>`(select count(*) from task_assignments ta where ta.app_id = "tasks"."app_id" and ta.task_id = "tasks"."id" and ta.status in ('waiting', 'confirmed'))::int`;
const myStatusSql = (userId: number | Placeholder) =>
  sql<
    string | null
  >`(select ta.status from task_assignments ta where ta.app_id = "tasks"."app_id" and ta.task_id = "tasks"."id" and ta.user_id = ${userId})`;

const inApp = (appId: string, taskId: number) => and(eq(tasks.id, taskId), eq(tasks.appId, appId));

/**
 * Open: not closed and not ended (docs/product/community.md, "Chores": a completed chore is closed or past).
 */
const isOpen = (now: Date) => and(eq(tasks.isClosed, literalFlag(false)), gt(tasks.endsAt, now));

type HomeTaskFilter = Pick<z.output<typeof taskHomeQuerySchema>, 'isCompleted' | 'hasEnded'>;

/** The home list's filter; `now` is a Date or the placeholder of the prepared query. */
function homeTasksWhere(appId: string, query: HomeTaskFilter, now: Date | Placeholder) {
  // Drizzle binds a placeholder wherever it binds a value; isOpen and the comparisons take either.
  const at = now as Date;
  const conditions: (SQL | undefined)[] = [eq(tasks.appId, appId)];
  if (query.isCompleted === false) conditions.push(isOpen(at));
  if (query.isCompleted === true)
    conditions.push(or(eq(tasks.isClosed, literalFlag(true)), lte(tasks.endsAt, at)));
  if (query.hasEnded === false) conditions.push(gt(tasks.endsAt, at));
  if (query.hasEnded === true) conditions.push(lte(tasks.endsAt, at));
  return and(...conditions);
}

/** The home list's order: the first to start first (index `tasks_app_starts_id`). */
const homeTaskKeys: PageKey[] = [
  { column: tasks.startsAt, type: 'timestamptz' },
  { column: tasks.id, type: 'integer' },
];

/**
 * The home list's page, built once per app and filter (ADR 046); the key is
 * `appId|isCompleted|hasEnded|cursor` (cursor: `after` when the page follows a keyset cursor).
 */
const homeTasksQuery = preparedQuery((db, key: string) => {
  const [appId = '', isCompleted, hasEnded, cursor, win] = key.split('|');
  const window = windowOf(win);
  const flag = (value: string | undefined) =>
    value === 'true' ? true : value === 'false' ? false : undefined;
  const filter = { isCompleted: flag(isCompleted), hasEnded: flag(hasEnded) };
  return tenantDb(db, appId)
    .select({
      task: tasks,
      placesTaken: placesTakenSql,
      myStatus: myStatusSql(sql.placeholder('userId')),
      cursor: cursorColumn(homeTaskKeys),
      total: cappedTotal(tenantDb(db, appId), tasks, homeTasksWhere(appId, filter, sql.placeholder('now'))),
    })
    .from(tasks)
    .where(
      and(
        homeTasksWhere(appId, filter, sql.placeholder('now')),
        cursor === 'after' ? afterCursor(homeTaskKeys, cursorPlaceholders(homeTaskKeys)) : undefined,
      ),
    )
    .orderBy(asc(tasks.startsAt), asc(tasks.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`home_tasks${cursor === 'after' ? '_after' : ''}_${win}`);
});

/**
 * The home's tasks (docs/product/api-and-routes.md, "Home": isCompleted=false, pageSize=6, page=0,
 * hasEnded=false).
 */
export async function homeTasks(
  db: Database,
  user: AuthUser,
  query: z.output<typeof taskHomeQuerySchema>,
  now = new Date(),
): Promise<PagedTasks> {
  const filter = { isCompleted: query.isCompleted, hasEnded: query.hasEnded };
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const rows = await homeTasksQuery(
    db,
    `${user.appId}|${filter.isCompleted}|${filter.hasEnded}|${query.after ? 'after' : ''}|${windowKey(request)}`,
    {
      userId: user.id,
      now: now.toISOString(),
      ...windowParams(request),
      ...cursorParams(homeTaskKeys, query.after),
    },
  );
  const farm = tenantDb(db, user.appId);
  const page = await finishPage(
    rows,
    request,
    (r) => presentTaskSummary(r.task, r.placesTaken, r.myStatus, now),
    (cap) => countUpTo(farm, tasks, homeTasksWhere(user.appId, filter, now), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** The member list's page, built once per app and cursor use (ADR 046); key `appId|cursor`. */
const openTasksQuery = preparedQuery((db, key: string) => {
  const [appId = '', cursor, win] = key.split('|');
  const window = windowOf(win);
  return tenantDb(db, appId)
    .select({
      task: tasks,
      placesTaken: placesTakenSql,
      myStatus: myStatusSql(sql.placeholder('userId')),
      cursor: cursorColumn(homeTaskKeys),
      total: cappedTotal(
        tenantDb(db, appId),
        tasks,
        and(eq(tasks.appId, appId), isOpen(sql.placeholder('now') as unknown as Date)),
      ),
    })
    .from(tasks)
    .where(
      and(
        eq(tasks.appId, appId),
        isOpen(sql.placeholder('now') as unknown as Date),
        cursor === 'after' ? afterCursor(homeTaskKeys, cursorPlaceholders(homeTaskKeys)) : undefined,
      ),
    )
    .orderBy(asc(tasks.startsAt), asc(tasks.id))
    .limit(window.limit)
    .offset(window.offset)
    .prepare(`open_tasks${cursor === 'after' ? '_after' : ''}_${win}`);
});

/** The member list of /tasks: open tasks, the first to start first, a page at a time (ADR 056). */
export async function openTasks(
  db: Database,
  user: AuthUser,
  query: z.output<typeof openTasksQuerySchema>,
  now = new Date(),
): Promise<PagedTasks> {
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const rows = await openTasksQuery(db, `${user.appId}|${query.after ? 'after' : ''}|${windowKey(request)}`, {
    userId: user.id,
    now: now.toISOString(),
    ...windowParams(request),
    ...cursorParams(homeTaskKeys, query.after),
  });
  const farm = tenantDb(db, user.appId);
  const page = await finishPage(
    rows,
    request,
    (r) => presentTaskSummary(r.task, r.placesTaken, r.myStatus, now),
    (cap) => countUpTo(farm, tasks, and(eq(tasks.appId, user.appId), isOpen(now)), cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** One task for a member, with my assignment and the first names of who helps. */
export async function taskDetail(
  db: Db,
  user: AuthUser,
  taskId: number,
  now = new Date(),
): Promise<TaskDetail> {
  const [row] = await tenantDb(db, user.appId)
    .select({ task: tasks, placesTaken: placesTakenSql })
    .from(tasks)
    .where(inApp(user.appId, taskId));
  if (!row) throw notFound();
  const assignments = await tenantDb(db, user.appId)
    .select({
      id: taskAssignments.id,
      userId: taskAssignments.userId,
      status: taskAssignments.status,
      firstName: users.firstName,
    })
    .from(taskAssignments)
    .innerJoin(users, eq(users.id, taskAssignments.userId))
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.appId, user.appId)))
    .orderBy(asc(taskAssignments.createdAt), asc(taskAssignments.id));
  const mine = assignments.find((a) => a.userId === user.id) ?? null;
  const helpers = assignments.filter((a) => a.status === 'waiting' || a.status === 'confirmed');
  return presentTaskDetail(row.task, row.placesTaken, mine, helpers, now);
}

/** Locks the task row for the rest of the transaction: every take, confirm and change of one task queues here. */
async function lockTask(tx: Transaction, appId: string, taskId: number): Promise<TaskRow> {
  const [task] = await tenantDb(tx, appId).select().from(tasks).where(inApp(appId, taskId)).for('update');
  if (!task) throw notFound();
  return task;
}

async function takenPlaces(farm: TenantDb, taskId: number): Promise<number> {
  const [row] = await farm
    .select({ count: count() })
    .from(taskAssignments)
    .where(
      and(eq(taskAssignments.taskId, taskId), inArray(taskAssignments.status, ['waiting', 'confirmed'])),
    );
  return Number(row?.count ?? 0);
}

/**
 * Takes a place. The task row is locked first, so two members racing for the last place queue up and
 * the second one finds the task full.
 */
export async function takeTask(db: Database, user: AuthUser, taskId: number): Promise<TaskDetail> {
  const now = new Date();
  try {
    await inTransaction(db, async (tx) => {
      const task = await lockTask(tx, user.appId, taskId);
      if (task.isClosed) throw new HttpError(409, 'TASK_CLOSED');
      if (new Date(task.startsAt).getTime() <= now.getTime()) throw new HttpError(409, 'TASK_STARTED');
      const [mine] = await tenantDb(tx, user.appId)
        .select({ status: taskAssignments.status })
        .from(taskAssignments)
        .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, user.id)));
      if (mine?.status === 'refused') {
        throw new HttpError(
          409,
          'TASK_ALREADY_TAKEN',
          'Je inschrijving voor dit klusje werd geweigerd; je kan je niet opnieuw inschrijven.',
        );
      }
      if (mine) throw new HttpError(409, 'TASK_ALREADY_TAKEN');
      if ((await takenPlaces(tenantDb(tx, user.appId), taskId)) >= task.places)
        throw new HttpError(409, 'TASK_FULL');
      await tenantDb(tx, user.appId)
        .insert(taskAssignments)
        .values({ appId: user.appId, taskId, userId: user.id });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'task_assignments_task_user')) throw new HttpError(409, 'TASK_ALREADY_TAKEN');
    throw err;
  }
  return taskDetail(db, user, taskId, now);
}

/** Withdraws my waiting assignment, before the task starts (the place opens again). */
export async function cancelTask(db: Database, user: AuthUser, taskId: number): Promise<TaskDetail> {
  const now = new Date();
  await inTransaction(db, async (tx) => {
    const task = await lockTask(tx, user.appId, taskId);
    const [mine] = await tenantDb(tx, user.appId)
      .select({ id: taskAssignments.id, status: taskAssignments.status })
      .from(taskAssignments)
      .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.userId, user.id)));
    if (!mine) throw new HttpError(404, 'NOT_FOUND', 'Je bent niet ingeschreven voor dit klusje.');
    if (mine.status !== 'waiting') throw new HttpError(409, 'TASK_NOT_CANCELLABLE');
    if (new Date(task.startsAt).getTime() <= now.getTime()) {
      throw new HttpError(409, 'TASK_STARTED', 'Dit klusje is al begonnen: annuleren kan niet meer.');
    }
    await tenantDb(tx, user.appId).delete(taskAssignments).where(eq(taskAssignments.id, mine.id));
  });
  return taskDetail(db, user, taskId, now);
}

/** The task an assignment of this app belongs to (404 for another app's assignment). */
async function taskOfAssignment(db: Database, appId: string, assignmentId: number): Promise<number> {
  const [row] = await tenantDb(db, appId)
    .select({ taskId: taskAssignments.taskId })
    .from(taskAssignments)
    .where(and(eq(taskAssignments.id, assignmentId), eq(taskAssignments.appId, appId)));
  if (!row) throw notFound();
  return row.taskId;
}

async function lockAssignment(tx: Transaction, appId: string, assignmentId: number) {
  const [row] = await tenantDb(tx, appId)
    .select()
    .from(taskAssignments)
    .where(and(eq(taskAssignments.id, assignmentId), eq(taskAssignments.appId, appId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Confirms an assignment and grants the task's credits. The credit row is unique per assignment and
 * inserted with `on conflict do nothing`, and a confirm of a confirmed assignment changes nothing, so
 * however often a confirm is retried (or races another), the credits are granted once.
 */
export async function confirmAssignment(
  app: FastifyInstance,
  manager: AuthUser,
  assignmentId: number,
): Promise<ManagerTaskDetail> {
  const appId = manager.appId;
  const taskId = await taskOfAssignment(app.db, appId, assignmentId);
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const task = await lockTask(tx, appId, taskId);
    const assignment = await lockAssignment(tx, appId, assignmentId);
    if (assignment.status === 'confirmed') return [];
    if (assignment.status === 'refused' && (await takenPlaces(tenantDb(tx, appId), taskId)) >= task.places) {
      throw new HttpError(
        409,
        'TASK_FULL',
        'Alle plaatsen van dit klusje zijn ingenomen. Maak eerst een plaats vrij of voeg plaatsen toe.',
      );
    }
    await tenantDb(tx, appId)
      .update(taskAssignments)
      .set({ status: 'confirmed', handledByUserId: manager.id, handledAt: sql`now()` })
      .where(eq(taskAssignments.id, assignmentId));
    if (task.creditsPerPerson > 0) {
      const start = await harvestYearStartOf(tx, appId);
      await tenantDb(tx, appId)
        .insert(creditEntries)
        .values({
          appId,
          userId: assignment.userId,
          taskAssignmentId: assignmentId,
          harvestYear: harvestYearOf(new Date(task.startsAt), start).year,
          amount: task.creditsPerPerson,
          description: task.title,
        })
        .onConflictDoNothing({ target: creditEntries.taskAssignmentId });
    }
    return insertNotifications(tx, appId, [confirmedNotification(assignment.userId, task)]);
  });
  app.push.deliver(created);
  return managerTaskDetail(app.db, appId, taskId);
}

/** Refuses an assignment; a confirmed one loses its credits (decision 040). The member is notified. */
export async function refuseAssignment(
  app: FastifyInstance,
  manager: AuthUser,
  assignmentId: number,
): Promise<ManagerTaskDetail> {
  const appId = manager.appId;
  const taskId = await taskOfAssignment(app.db, appId, assignmentId);
  const created = await inTransaction(app.db, async (tx): Promise<CreatedNotification[]> => {
    const task = await lockTask(tx, appId, taskId);
    const assignment = await lockAssignment(tx, appId, assignmentId);
    if (assignment.status === 'refused') return [];
    const wasConfirmed = assignment.status === 'confirmed';
    if (wasConfirmed) {
      await tenantDb(tx, appId).delete(creditEntries).where(eq(creditEntries.taskAssignmentId, assignmentId));
    }
    await tenantDb(tx, appId)
      .update(taskAssignments)
      .set({ status: 'refused', handledByUserId: manager.id, handledAt: sql`now()` })
      .where(eq(taskAssignments.id, assignmentId));
    return insertNotifications(tx, appId, [refusedNotification(assignment.userId, task, wasConfirmed)]);
  });
  app.push.deliver(created);
  return managerTaskDetail(app.db, appId, taskId);
}

/** My assignments with their tasks, the latest task first. */
export async function myTasks(db: Database, user: AuthUser, now = new Date()): Promise<MyTask[]> {
  const rows = await tenantDb(db, user.appId)
    .select({
      assignment: {
        id: taskAssignments.id,
        status: taskAssignments.status,
        createdAt: taskAssignments.createdAt,
      },
      task: tasks,
      placesTaken: placesTakenSql,
    })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(and(eq(taskAssignments.userId, user.id), eq(taskAssignments.appId, user.appId)))
    .orderBy(desc(tasks.startsAt), desc(tasks.id));
  return rows.map((r) => presentMyTask(r.assignment, r.task, r.placesTaken, now));
}

/** The manager list's order: latest start first (index `tasks_app_starts_id`, read backwards). */
const managerTaskKeys: PageKey[] = [
  { column: tasks.startsAt, type: 'timestamptz', desc: true },
  { column: tasks.id, type: 'integer', desc: true },
];

/**
 * The assignment counts of the task in the outer query, one grouped pass over its assignments
 * (`count(*) filter`), evaluated for the rows of the page only.
 */
const assignmentCountsSql = sql<
  number[]
>`(select array[count(*) filter (where ta.status = 'waiting'), count(*) filter (where ta.status = 'confirmed'), count(*) filter (where ta.status = 'refused')]::int[] from task_assignments ta where ta.app_id = "tasks"."app_id" and ta.task_id = "tasks"."id")`;

/** The tasks of the app for the TaskManager, a page at a time, the latest start first (ADR 056). */
export async function managerTasks(
  db: Database,
  appId: string,
  query: z.output<typeof managerTaskQuerySchema>,
  now = new Date(),
): Promise<ManagerTaskPage> {
  const farm = tenantDb(db, appId);
  const request = { offset: query.page * query.pageSize, pageSize: query.pageSize, after: query.after };
  const window = pageWindow(request);
  // Only chores with a sign-up waiting (task_assignments_waiting, decision 092).
  const where = and(
    eq(tasks.appId, appId),
    query.waiting
      ? sql`exists (select 1 from task_assignments w where w.app_id = ${tasks.appId} and w.task_id = ${tasks.id} and w.status = 'waiting')`
      : undefined,
  );
  const rows = await farm
    .select({
      task: tasks,
      counts: assignmentCountsSql,
      cursor: cursorColumn(managerTaskKeys),
      total: cappedTotal(farm, tasks, where),
    })
    .from(tasks)
    .where(
      and(
        where,
        query.after ? afterCursor(managerTaskKeys, decodeCursor(managerTaskKeys, query.after)) : undefined,
      ),
    )
    .orderBy(desc(tasks.startsAt), desc(tasks.id))
    .limit(window.limit)
    .offset(window.offset);
  const page = await finishPage(
    rows,
    request,
    (r) =>
      presentManagerTask(
        r.task,
        {
          waitingCount: r.counts?.[0] ?? 0,
          confirmedCount: r.counts?.[1] ?? 0,
          refusedCount: r.counts?.[2] ?? 0,
        },
        now,
      ),
    (cap) => countUpTo(farm, tasks, where, cap),
  );
  return { ...page, page: query.page, pageSize: query.pageSize };
}

/** One task with everyone who took it, in the order they took it. */
export async function managerTaskDetail(
  db: Db,
  appId: string,
  taskId: number,
  now = new Date(),
): Promise<ManagerTaskDetail> {
  const [task] = await tenantDb(db, appId).select().from(tasks).where(inApp(appId, taskId));
  if (!task) throw notFound();
  const takers = await tenantDb(db, appId)
    .select({
      assignmentId: taskAssignments.id,
      userId: taskAssignments.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      status: taskAssignments.status,
      takenAt: taskAssignments.createdAt,
      handledAt: taskAssignments.handledAt,
    })
    .from(taskAssignments)
    .innerJoin(users, eq(users.id, taskAssignments.userId))
    .where(and(eq(taskAssignments.taskId, taskId), eq(taskAssignments.appId, appId)))
    .orderBy(asc(taskAssignments.createdAt), asc(taskAssignments.id));
  return presentManagerTaskDetail(task, takers, now);
}

type TaskInput = z.output<typeof taskInputSchema>;

const taskValues = (input: TaskInput) => ({
  title: input.title,
  description: input.description,
  location: input.location,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  places: input.places,
  creditsPerPerson: input.creditsPerPerson,
});

export async function createTask(
  db: Database,
  manager: AuthUser,
  input: TaskInput,
): Promise<ManagerTaskDetail> {
  const [row] = await tenantDb(db, manager.appId)
    .insert(tasks)
    .values({ appId: manager.appId, createdByUserId: manager.id, ...taskValues(input) })
    .returning({ id: tasks.id });
  return managerTaskDetail(db, manager.appId, row!.id);
}

/** Changes a task; its places never drop below the places already taken (checked under the task's lock). */
export async function updateTask(
  db: Database,
  manager: AuthUser,
  input: z.output<typeof taskUpdateSchema>,
): Promise<ManagerTaskDetail> {
  await inTransaction(db, async (tx) => {
    await lockTask(tx, manager.appId, input.id);
    const taken = await takenPlaces(tenantDb(tx, manager.appId), input.id);
    if (input.places < taken) {
      const message = `Er zijn al ${taken} plaatsen ingenomen; kies minstens ${taken} plaatsen.`;
      throw new HttpError(400, 'VALIDATION_ERROR', message, { places: message });
    }
    await tenantDb(tx, manager.appId)
      .update(tasks)
      .set({ ...taskValues(input), updatedAt: sql`now()` })
      .where(inApp(manager.appId, input.id));
  });
  return managerTaskDetail(db, manager.appId, input.id);
}

/**
 * Deletes a task with its assignments and comments. Takers of a task that has not ended yet are told it
 * does not go on; credits already earned stay (decision 040).
 */
export async function deleteTask(app: FastifyInstance, manager: AuthUser, taskId: number): Promise<void> {
  const appId = manager.appId;
  const created = await inTransaction(app.db, async (tx) => {
    const task = await lockTask(tx, appId, taskId);
    const takers = await tenantDb(tx, appId)
      .select({ userId: taskAssignments.userId })
      .from(taskAssignments)
      .where(
        and(eq(taskAssignments.taskId, taskId), inArray(taskAssignments.status, ['waiting', 'confirmed'])),
      );
    const upcoming = new Date(task.endsAt).getTime() > Date.now();
    await tenantDb(tx, appId)
      .delete(comments)
      .where(
        and(eq(comments.appId, appId), eq(comments.subjectType, 'task'), eq(comments.subjectId, taskId)),
      );
    await tenantDb(tx, appId).delete(tasks).where(inApp(appId, taskId));
    return upcoming
      ? insertNotifications(
          tx,
          appId,
          takers.map((t) => deletedNotification(t.userId, task)),
        )
      : [];
  });
  app.push.deliver(created);
}

/** Closes a task: nobody can take it any more; its waiting assignments can still be handled. */
export async function closeTask(db: Database, appId: string, taskId: number): Promise<ManagerTaskDetail> {
  const updated = await tenantDb(db, appId)
    .update(tasks)
    .set({ isClosed: true, updatedAt: sql`now()` })
    .where(inApp(appId, taskId))
    .returning({ id: tasks.id });
  if (updated.length === 0) throw notFound();
  return managerTaskDetail(db, appId, taskId);
}

/** A new open task from an existing one: same texts, dates, places and credits, nobody on it yet. */
export async function copyTask(db: Database, manager: AuthUser, taskId: number): Promise<ManagerTaskDetail> {
  const [source] = await tenantDb(db, manager.appId).select().from(tasks).where(inApp(manager.appId, taskId));
  if (!source) throw notFound();
  const [row] = await tenantDb(db, manager.appId)
    .insert(tasks)
    .values({
      appId: manager.appId,
      createdByUserId: manager.id,
      title: source.title,
      description: source.description,
      location: source.location,
      startsAt: source.startsAt,
      endsAt: source.endsAt,
      places: source.places,
      creditsPerPerson: source.creditsPerPerson,
    })
    .returning({ id: tasks.id });
  return managerTaskDetail(db, manager.appId, row!.id);
}
