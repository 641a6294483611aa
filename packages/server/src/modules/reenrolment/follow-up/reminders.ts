import type { FastifyInstance } from 'fastify';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RemindResult } from '@pluk/contract';
import { tenantDb } from '../../../db/tenant.js';
import { intentionQuestionnaires, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { enqueue } from '../../../jobs/queue.js';
import { literalFlag } from '../../../lib/paging.js';
import { publicUrlOf } from '../../../lib/public-url.js';
import { mailJob } from '../../../mail/mail-job.js';
import { formatDay } from '../../../mail/payment-templates.js';
import type { Tenant } from '../../../types.js';
import { farmToday } from '../../bank/transactions/dates.js';
import { assertOpenForAnswers, lockPolicy } from '../policy-state.js';

/** One reminder per questionnaire and farm day: a double click or a second click that day mails nobody twice. */
export const reminderJobKey = (questionnaireId: number, farmDay: string) =>
  `intention-reminder:${questionnaireId}:${farmDay}`;

const q = intentionQuestionnaires;

/**
 * Queues a reminder e-mail, one mail job each, for every member who has not answered the round: active,
 * approved members who receive the farm's e-mails ("nieuws, herinneringen en uitnodigingen"). Their
 * questionnaires are locked (`for update`) while it decides, so a second click waits and then finds them
 * reminded today; the job's key (questionnaire and farm day) keeps it one e-mail a day whatever happens.
 * `reminded_at` records the reminder. Refused once the deadline passed or the round was converted.
 */
export async function remindMembers(
  app: FastifyInstance,
  tenant: Tenant,
  policyId: number,
  now: Date = new Date(),
): Promise<RemindResult> {
  const appId = tenant.appId;
  const today = farmToday(now);
  const questionsUrl = `${await publicUrlOf(app, appId)}/questionsfornextyear`;
  const result = await inTransaction(app.db, async (tx) => {
    const policy = await lockPolicy(tx, appId, policyId, 'share');
    assertOpenForAnswers(policy, now);
    const farm = tenantDb(tx, appId);
    const waiting = await farm
      .select({
        id: q.id,
        userId: q.userId,
        remindedAt: q.remindedAt,
        email: users.email,
        firstName: users.firstName,
      })
      .from(q)
      .innerJoin(users, eq(users.id, q.userId))
      .where(
        and(
          eq(q.policyId, policyId),
          eq(q.status, 'open'),
          eq(users.isActive, literalFlag(true)),
          eq(users.isApproved, literalFlag(true)),
          eq(users.receiveEmails, literalFlag(true)),
        ),
      )
      .orderBy(asc(q.id))
      .for('update', { of: q });
    const due = waiting.filter(
      (row) => row.email.trim() !== '' && (row.remindedAt === null || farmToday(row.remindedAt) !== today),
    );
    const values = {
      appName: tenant.name,
      harvestYear: String(policy.harvestYear),
      title: policy.title,
      deadline: formatDay(policy.deadline),
      questionsUrl,
    };
    const queued = await enqueue(
      tx,
      due.map((row) =>
        mailJob(
          {
            appId,
            userId: row.userId,
            to: row.email.trim(),
            template: 'intentionReminder',
            values: { ...values, firstName: row.firstName },
          },
          reminderJobKey(row.id, today),
        ),
      ),
    );
    if (due.length > 0) {
      await farm
        .update(q)
        .set({ remindedAt: sql`now()` })
        .where(
          and(
            eq(q.policyId, policyId),
            inArray(
              q.id,
              due.map((row) => row.id),
            ),
          ),
        );
    }
    return { queued, skipped: waiting.length - queued };
  });
  app.jobs.wake();
  return result;
}
