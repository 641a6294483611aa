import type {
  AssignmentStatus,
  ManagerTask,
  ManagerTaskDetail,
  MyTask,
  TaskDetail,
  TaskSummary,
  TaskTaker,
} from '@pluk/contract';
import type { tasks } from '../../db/schema/index.js';

export type TaskRow = typeof tasks.$inferSelect;

/** The parts of a task every view shows, with how full it is at `now`. */
function core(task: TaskRow, placesTaken: number, now: Date) {
  const taken = Number(placesTaken);
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    location: task.location,
    startsAt: new Date(task.startsAt).toISOString(),
    endsAt: new Date(task.endsAt).toISOString(),
    places: task.places,
    creditsPerPerson: task.creditsPerPerson,
    isClosed: task.isClosed,
    placesTaken: taken,
    placesLeft: Math.max(0, task.places - taken),
    isFull: taken >= task.places,
    hasStarted: new Date(task.startsAt).getTime() <= now.getTime(),
    hasEnded: new Date(task.endsAt).getTime() <= now.getTime(),
  };
}

export function presentTaskSummary(
  task: TaskRow,
  placesTaken: number,
  myStatus: string | null,
  now: Date,
): TaskSummary {
  return { ...core(task, placesTaken, now), myStatus: (myStatus as AssignmentStatus | null) ?? null };
}

export function presentTaskDetail(
  task: TaskRow,
  placesTaken: number,
  mine: { id: number; status: string } | null,
  helpers: { firstName: string; status: string }[],
  now: Date,
): TaskDetail {
  return {
    ...presentTaskSummary(task, placesTaken, mine?.status ?? null, now),
    myAssignmentId: mine?.id ?? null,
    helpers: helpers.map((h) => ({ firstName: h.firstName, status: h.status as 'waiting' | 'confirmed' })),
  };
}

export interface AssignmentCounts {
  waitingCount: number;
  confirmedCount: number;
  refusedCount: number;
}

export function presentManagerTask(task: TaskRow, counts: AssignmentCounts, now: Date): ManagerTask {
  const waitingCount = Number(counts.waitingCount);
  const confirmedCount = Number(counts.confirmedCount);
  return {
    ...core(task, waitingCount + confirmedCount, now),
    waitingCount,
    confirmedCount,
    refusedCount: Number(counts.refusedCount),
    createdAt: new Date(task.createdAt).toISOString(),
  };
}

export interface TakerRow {
  assignmentId: number;
  userId: number;
  firstName: string;
  lastName: string;
  status: string;
  takenAt: Date;
  handledAt: Date | null;
}

export function presentManagerTaskDetail(task: TaskRow, takers: TakerRow[], now: Date): ManagerTaskDetail {
  const count = (status: AssignmentStatus) => takers.filter((t) => t.status === status).length;
  return {
    ...presentManagerTask(
      task,
      { waitingCount: count('waiting'), confirmedCount: count('confirmed'), refusedCount: count('refused') },
      now,
    ),
    takers: takers.map((t): TaskTaker => ({
      assignmentId: t.assignmentId,
      userId: t.userId,
      firstName: t.firstName,
      lastName: t.lastName,
      status: t.status as AssignmentStatus,
      takenAt: new Date(t.takenAt).toISOString(),
      handledAt: t.handledAt ? new Date(t.handledAt).toISOString() : null,
    })),
  };
}

export function presentMyTask(
  assignment: { id: number; status: string; createdAt: Date },
  task: TaskRow,
  placesTaken: number,
  now: Date,
): MyTask {
  return {
    assignmentId: assignment.id,
    status: assignment.status as AssignmentStatus,
    takenAt: new Date(assignment.createdAt).toISOString(),
    task: presentTaskSummary(task, placesTaken, assignment.status, now),
  };
}
