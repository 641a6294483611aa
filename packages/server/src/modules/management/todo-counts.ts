import { and, eq, gt, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TodoItem, TodoKey } from '@pluk/contract';
import { failedEmailDays } from '@pluk/contract';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  bankImportLines,
  bankTransactions,
  emailLog,
  eventAttendances,
  feedback,
  intentionPolicies,
  intentionQuestionnaires,
  productReservations,
  taskAssignments,
  users,
} from '../../db/schema/index.js';
import type { TenantDb } from '../../db/tenant.js';
import { farmToday } from '../bank/transactions/dates.js';

/**
 * One count of the to-do list (decision 092): one statement on an index of its filter. The states are
 * written as SQL literals, not parameters, so PostgreSQL can use the partial indexes of migration 0018
 * also in a prepared statement's generic plan (ADR 066).
 */
type Count = (farm: TenantDb, now: Date) => Promise<Omit<TodoItem, 'key'>>;

const counted = sql<number>`count(*)::int`;

async function countOf(farm: TenantDb, table: PgTable, where: SQL | undefined) {
  const [row] = await farm.select({ count: counted }).from(table).where(where);
  return { count: row?.count ?? 0, roundId: null };
}

export const todoCounts: Record<TodoKey, Count> = {
  // The waiting list (index users_waiting_created_id: not approved, not anonymised).
  waitingMembers: (farm) =>
    countOf(
      farm,
      users,
      and(eq(users.appId, farm.appId), sql`not ${users.isApproved}`, isNull(users.anonymizedAt)),
    ),
  // Open transactions past their due date (bank_transactions_open_due).
  overduePayments: (farm, now) =>
    countOf(
      farm,
      bankTransactions,
      and(
        eq(bankTransactions.appId, farm.appId),
        sql`${bankTransactions.status} = 'open'`,
        lt(bankTransactions.dueDate, farmToday(now)),
      ),
    ),
  // Statement lines nobody has matched or set aside yet (bank_import_lines_to_match).
  bankLinesToMatch: (farm) =>
    countOf(
      farm,
      bankImportLines,
      and(
        eq(bankImportLines.appId, farm.appId),
        sql`${bankImportLines.outcome} in ('unmatched', 'partial', 'overpaid')`,
      ),
    ),
  // Market reservations waiting for their offer's owner (product_reservations_reserved).
  reservationsToHandle: (farm) =>
    countOf(
      farm,
      productReservations,
      and(eq(productReservations.appId, farm.appId), sql`${productReservations.status} = 'reserved'`),
    ),
  // Chore sign-ups waiting for a TaskManager (task_assignments_waiting).
  choresToConfirm: (farm) =>
    countOf(
      farm,
      taskAssignments,
      and(eq(taskAssignments.appId, farm.appId), sql`${taskAssignments.status} = 'waiting'`),
    ),
  // Event sign-ups waiting for an EventManager (event_attendances_waiting).
  signUpsToConfirm: (farm) =>
    countOf(
      farm,
      eventAttendances,
      and(eq(eventAttendances.appId, farm.appId), sql`${eventAttendances.status} = 'waiting'`),
    ),
  // Feedback not handled (feedback_app_handled_created_id leads with app and handled).
  feedbackUnanswered: (farm) =>
    countOf(farm, feedback, and(eq(feedback.appId, farm.appId), sql`not ${feedback.isHandled}`)),
  // E-mails that failed lately (email_log_app_failed).
  emailsFailed: (farm, now) =>
    countOf(
      farm,
      emailLog,
      and(
        eq(emailLog.appId, farm.appId),
        sql`${emailLog.status} = 'failed'`,
        gt(emailLog.createdAt, new Date(now.getTime() - failedEmailDays * 24 * 60 * 60 * 1000)),
      ),
    ),
  // Open questionnaires of the round still taking answers (one per farm and year; the round's rows by
  // intention_questionnaires_policy_status).
  questionnairesUnanswered: async (farm, now) => {
    const [row] = await farm
      .select({ roundId: intentionPolicies.id, count: counted })
      .from(intentionQuestionnaires)
      .innerJoin(intentionPolicies, eq(intentionPolicies.id, intentionQuestionnaires.policyId))
      .where(
        and(
          eq(intentionQuestionnaires.appId, farm.appId),
          sql`${intentionQuestionnaires.status} = 'open'`,
          isNull(intentionPolicies.convertedAt),
          gte(intentionPolicies.deadline, farmToday(now)),
        ),
      )
      .groupBy(intentionPolicies.id, intentionPolicies.deadline)
      .orderBy(intentionPolicies.deadline)
      .limit(1);
    return { count: row?.count ?? 0, roundId: row?.roundId ?? null };
  },
};
