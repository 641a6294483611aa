import { z } from 'zod';
import {
  feedPageQuery,
  feedPageSchema,
  urlBooleanSchema,
  idParamsSchema,
  isInPlannedYears,
  isoDateTimeSchema,
  plannedYearsMessage,
  idField,
} from './common.js';
import { defineRoute } from './define-route.js';

/** A member's assignment to a task: waiting for a TaskManager, then confirmed or refused. */
export const assignmentStatusSchema = z.enum(['waiting', 'confirmed', 'refused']);
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>;

/** Limits of a task's fields (the form and the server use the same numbers). */
export const taskLimits = {
  titleMax: 200,
  descriptionMax: 5000,
  locationMax: 200,
  placesMin: 1,
  placesMax: 500,
  creditsMin: 0,
  creditsMax: 100,
} as const;

/** What every view of a task shows: the task itself and how full it is. */
const taskCoreShape = {
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  places: z.number().int(),
  creditsPerPerson: z.number().int(),
  isClosed: z.boolean(),
  /** Waiting and confirmed assignments: the places that are taken. */
  placesTaken: z.number().int().min(0),
  placesLeft: z.number().int().min(0),
  isFull: z.boolean(),
  /** The task has started (or is over): nobody can take it any more. */
  hasStarted: z.boolean(),
  hasEnded: z.boolean(),
};

/** A task as members see it in lists: with my assignment's state, when I took it. */
export const taskSummarySchema = z.object({
  ...taskCoreShape,
  myStatus: assignmentStatusSchema.nullable(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** Someone who helps with a task, as members see it: first name only. */
export const taskHelperSchema = z.object({
  firstName: z.string(),
  status: z.enum(['waiting', 'confirmed']),
});

/** One task for a member: the summary, my assignment, and who helps (waiting or confirmed). */
export const taskDetailSchema = taskSummarySchema.extend({
  myAssignmentId: z.number().int().nullable(),
  helpers: z.array(taskHelperSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/**
 * The home's query (docs/product/api-and-routes.md, "Home"): isCompleted=false, pageSize=6, page=0 (0-based),
 * hasEnded=false.
 */
export const taskHomeQuerySchema = z.object({
  isCompleted: urlBooleanSchema.optional(),
  hasEnded: urlBooleanSchema.optional(),
  ...feedPageQuery({ defaultSize: 6, maxSize: 50 }),
});
export type TaskHomeQuery = z.input<typeof taskHomeQuerySchema>;

export const pagedTasksSchema = feedPageSchema(taskSummarySchema);

/** The member list (`Task/true`), paged like every list (ADR 056): the first to start first. */
export const openTasksQuerySchema = z.object(feedPageQuery({ defaultSize: 50, maxSize: 100 }));
export type OpenTasksQuery = z.input<typeof openTasksQuerySchema>;
export type PagedTasks = z.infer<typeof pagedTasksSchema>;

/** One of my assignments (`/account/tasks`). */
export const myTaskSchema = z.object({
  assignmentId: z.number().int(),
  status: assignmentStatusSchema,
  takenAt: isoDateTimeSchema,
  task: taskSummarySchema,
});
export type MyTask = z.infer<typeof myTaskSchema>;

export const taskIdBodySchema = z.object({ taskId: idField('taskId') });
export const assignmentIdBodySchema = z.object({ assignmentId: idField('assignmentId') });

/** A task as a TaskManager sees it in the list: with the counts of each kind of assignment. */
export const managerTaskSchema = z.object({
  ...taskCoreShape,
  waitingCount: z.number().int().min(0),
  confirmedCount: z.number().int().min(0),
  refusedCount: z.number().int().min(0),
  createdAt: isoDateTimeSchema,
});
export type ManagerTask = z.infer<typeof managerTaskSchema>;

/** The TaskManager's list, paged like the member feeds (ADR 056): latest start first. */
export const managerTaskQuerySchema = z.object({
  ...feedPageQuery({ defaultSize: 20, maxSize: 100 }),
  /** `true`: only chores with a sign-up waiting for a TaskManager (the to-do list's link, decision 092). */
  waiting: urlBooleanSchema.optional(),
});
export type ManagerTaskQuery = z.input<typeof managerTaskQuerySchema>;
export const managerTaskPageSchema = feedPageSchema(managerTaskSchema);
export type ManagerTaskPage = z.infer<typeof managerTaskPageSchema>;

/** Someone who took a task, as the TaskManager sees it. */
export const taskTakerSchema = z.object({
  assignmentId: z.number().int(),
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  status: assignmentStatusSchema,
  takenAt: isoDateTimeSchema,
  handledAt: isoDateTimeSchema.nullable(),
});
export type TaskTaker = z.infer<typeof taskTakerSchema>;

export const managerTaskDetailSchema = managerTaskSchema.extend({ takers: z.array(taskTakerSchema) });
export type ManagerTaskDetail = z.infer<typeof managerTaskDetailSchema>;

const dateTimeField = (what: string) =>
  z.iso
    .datetime({ offset: true, message: `Kies een geldig${what}.` })
    .refine(isInPlannedYears, plannedYearsMessage);

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ message: `Vul ${what} in.` })
    .int(`${what[0]?.toUpperCase()}${what.slice(1)} is een geheel getal.`)
    .min(min, `${what[0]?.toUpperCase()}${what.slice(1)} is minstens ${min}.`)
    .max(max, `${what[0]?.toUpperCase()}${what.slice(1)} is hoogstens ${max}.`);

const taskInputShape = {
  title: z
    .string({ message: 'Vul een titel in.' })
    .trim()
    .min(1, 'Vul een titel in.')
    .max(taskLimits.titleMax, `De titel is hoogstens ${taskLimits.titleMax} tekens lang.`),
  description: z
    .string()
    .trim()
    .max(taskLimits.descriptionMax, `De beschrijving is hoogstens ${taskLimits.descriptionMax} tekens lang.`)
    .default(''),
  location: z
    .string()
    .trim()
    .max(taskLimits.locationMax, `De plaats is hoogstens ${taskLimits.locationMax} tekens lang.`)
    .default(''),
  startsAt: dateTimeField('e start (datum en uur)'),
  endsAt: dateTimeField(' einde (datum en uur)'),
  places: wholeNumber('het aantal plaatsen', taskLimits.placesMin, taskLimits.placesMax),
  creditsPerPerson: wholeNumber('het aantal werkpunten', taskLimits.creditsMin, taskLimits.creditsMax),
};

function endAfterStart(value: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx): void {
  const start = Date.parse(value.startsAt);
  const end = Date.parse(value.endsAt);
  if (!Number.isNaN(start) && !Number.isNaN(end) && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Het einde moet na de start liggen.' });
  }
}

/** A new task (`applicationManager/Task/Create`). */
export const taskInputSchema = z.object(taskInputShape).superRefine(endAfterStart);
export type TaskInput = z.input<typeof taskInputSchema>;

/** A changed task (`applicationManager/Task/Update`). */
export const taskUpdateSchema = z.object({ id: idField('id'), ...taskInputShape }).superRefine(endAfterStart);
export type TaskUpdate = z.input<typeof taskUpdateSchema>;

export const taskRoutes = {
  homeList: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'task',
    permission: 'member',
    summary:
      'Tasks for the home, paged (page is 0-based), by start. isCompleted=false: not closed and not ended; ' +
      'hasEnded=false: not ended. Full tasks are included and marked isFull.',
    query: taskHomeQuerySchema,
    response: { 200: pagedTasksSchema },
  }),
  openList: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'Task/true',
    permission: 'member',
    summary:
      'The open tasks (not closed, not ended) for the member list, paged (page 0-based, or ' +
      'after=nextCursor), the first to start first.',
    query: openTasksQuerySchema,
    response: { 200: pagedTasksSchema },
  }),
  detail: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'Task/:id',
    permission: 'member',
    summary: 'One task with its places, my assignment and the first names of who helps.',
    params: idParamsSchema,
    response: { 200: taskDetailSchema },
  }),
  take: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'task/take',
    permission: 'member',
    summary: 'Takes a place on a task (waiting for a TaskManager); refused when closed, started or full.',
    body: taskIdBodySchema,
    response: { 200: taskDetailSchema },
  }),
  cancel: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'task/cancel',
    permission: 'member',
    summary: 'Withdraws my waiting assignment, before the task starts.',
    body: taskIdBodySchema,
    response: { 200: taskDetailSchema },
  }),
  confirm: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'task/confirm',
    permission: { role: 'TaskManager' },
    summary: 'Confirms an assignment: credits granted once, the member notified.',
    body: assignmentIdBodySchema,
    response: { 200: managerTaskDetailSchema },
  }),
  refuse: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'task/refuse',
    permission: { role: 'TaskManager' },
    summary: 'Refuses an assignment (a confirmed one loses its credits); the member is notified.',
    body: assignmentIdBodySchema,
    response: { 200: managerTaskDetailSchema },
  }),
  myTasks: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'user/tasks',
    permission: 'member',
    summary: 'My assignments with their task, the latest task first.',
    response: { 200: z.array(myTaskSchema) },
  }),
  managerList: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'applicationManager/Task',
    permission: { role: 'TaskManager' },
    summary:
      'The tasks of the app, paged (page 0-based, or after=nextCursor), the latest start first, with the ' +
      'counts of their assignments.',
    query: managerTaskQuerySchema,
    response: { 200: managerTaskPageSchema },
  }),
  managerDetail: defineRoute({
    feature: 'task',
    method: 'GET',
    path: 'applicationManager/Task/:id',
    permission: { role: 'TaskManager' },
    summary: 'One task with everyone who took it.',
    params: idParamsSchema,
    response: { 200: managerTaskDetailSchema },
  }),
  create: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'applicationManager/Task/Create',
    permission: { role: 'TaskManager' },
    summary: 'Creates an open task.',
    body: taskInputSchema,
    response: { 200: managerTaskDetailSchema },
  }),
  update: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'applicationManager/Task/Update',
    permission: { role: 'TaskManager' },
    summary: 'Changes a task; its places never drop below the places already taken.',
    body: taskUpdateSchema,
    response: { 200: managerTaskDetailSchema },
  }),
  remove: defineRoute({
    feature: 'task',
    method: 'DELETE',
    path: 'applicationManager/Task/:id',
    permission: { role: 'TaskManager' },
    summary: 'Deletes a task; takers of a task not yet over are notified, earned credits stay.',
    params: idParamsSchema,
    response: { 204: z.null() },
  }),
  close: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'applicationManager/Task/Close/:id',
    permission: { role: 'TaskManager' },
    summary: 'Closes a task: nobody can take it any more; its assignments can still be handled.',
    params: idParamsSchema,
    response: { 200: managerTaskDetailSchema },
  }),
  copy: defineRoute({
    feature: 'task',
    method: 'POST',
    path: 'applicationManager/Task/copy/:id',
    permission: { role: 'TaskManager' },
    summary: 'Makes a new open task from an existing one (same texts, dates, places, credits; no takers).',
    params: idParamsSchema,
    response: { 200: managerTaskDetailSchema },
  }),
} as const;
