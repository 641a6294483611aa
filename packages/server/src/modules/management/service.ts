import type { FastifyInstance } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  failedEmailDays,
  passesRoleCheck,
  todoKeys,
  type Management,
  type OutgoingMail,
  type Role,
  type TodoKey,
} from '@pluk/contract';
import { emailLog, jobs } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { mailJobKind } from '../../mail/mail-job.js';
import { smtpSourceOf } from '../communication/templates.js';
import { todoCounts } from './todo-counts.js';

/**
 * Who handles each to-do item (docs/product/people-and-roles.md, "Roles"): the role whose screen the item
 * links to. The answer holds an item only when the caller passes its check, so a TaskManager never learns how
 * many members wait for approval (decision 092).
 */
export const todoRoles: Record<TodoKey, Role> = {
  waitingMembers: 'ApplicationManager',
  overduePayments: 'BankManager',
  bankLinesToMatch: 'BankManager',
  reservationsToHandle: 'ProductManager',
  choresToConfirm: 'TaskManager',
  signUpsToConfirm: 'EventManager',
  feedbackUnanswered: 'ApplicationManager',
  emailsFailed: 'ApplicationManager',
  questionnairesUnanswered: 'ApplicationManager',
};

/** `GET Management`: the caller's to-do items, each counted by one statement, all at once. */
export async function management(
  app: FastifyInstance,
  appId: string,
  roles: readonly Role[],
  now: Date = new Date(),
): Promise<Management> {
  const farm = tenantDb(app.db, appId);
  const keys = todoKeys.filter((key) => passesRoleCheck(roles, todoRoles[key]));
  const todo = await Promise.all(keys.map(async (key) => ({ key, ...(await todoCounts[key](farm, now)) })));
  return { todo };
}

/** The farm's e-mails still queued. The job queue is a server table (ADR 049): its farm column is
 * filtered by hand, on `jobs_app_open`. */
async function waitingMailJobs(app: FastifyInstance, appId: string): Promise<number> {
  const [row] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(
      and(eq(jobs.appId, appId), eq(jobs.kind, mailJobKind), sql`${jobs.status} in ('waiting', 'running')`),
    );
  return row?.count ?? 0;
}

const since = (now: Date) => new Date(now.getTime() - failedEmailDays * 24 * 60 * 60 * 1000);

/** `GET Management/sendEmails`: where the farm's outgoing e-mail stands. */
export async function outgoingMail(
  app: FastifyInstance,
  appId: string,
  now: Date = new Date(),
): Promise<OutgoingMail> {
  const farm = tenantDb(app.db, appId);
  const [smtpSource, waiting, [recent]] = await Promise.all([
    smtpSourceOf(app, appId),
    waitingMailJobs(app, appId),
    farm
      .select({
        failed: sql<number>`count(*) filter (where ${emailLog.status} = 'failed')::int`,
        notSent: sql<number>`count(*) filter (where ${emailLog.status} = 'not_sent')::int`,
      })
      .from(emailLog)
      .where(
        and(
          eq(emailLog.appId, appId),
          sql`${emailLog.status} in ('failed', 'not_sent')`,
          gt(emailLog.createdAt, since(now)),
        ),
      ),
  ]);
  return {
    smtpSource,
    waiting,
    failedRecently: recent?.failed ?? 0,
    notSentRecently: recent?.notSent ?? 0,
  };
}
