import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { DeleteMyAccountBody } from '@pluk/contract';
import type { Transaction } from '../../db/client.js';
import { bankTransactions, taskAssignments, tasks, userRoles, users } from '../../db/schema/index.js';
import { tenantDb } from '../../db/tenant.js';
import { enqueue } from '../../jobs/queue.js';
import { HttpError } from '../../lib/http-error.js';
import { verifyPassword } from '../../lib/passwords.js';
import { mailJob } from '../../mail/mail-job.js';
import { formatDay } from '../../mail/payment-templates.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { farmToday } from '../bank/transactions/dates.js';
import { insertNotifications, type CreatedNotification } from '../notification/notify.js';
import { anonymiseUser, type AnonymisedTarget } from '../users/anonymise.js';
import { assertNotImpersonating } from './my-data.js';

/** Who is told that a member left: the farm's managers of members (ApplicationManager, and Admins). */
const managersOfMembers = ['ApplicationManager', 'Admin'] as const;

/** The managers' members list, opened from their notification. */
const membersPath = '/applicationManager/users';

/** Refuses while the member still owes money or waits on a chore (decision 101): those need a person first. */
async function assertNothingPending(tx: Transaction, appId: string, userId: number) {
  const farm = tenantDb(tx, appId);
  const [payment] = await farm
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.appId, appId),
        eq(bankTransactions.userId, userId),
        eq(bankTransactions.status, 'open'),
      ),
    )
    .limit(1);
  if (payment) throw new HttpError(409, 'ACCOUNT_HAS_OPEN_PAYMENT');
  // A sign-up that waits for a manager's confirmation, on a chore not closed: credits hang on it.
  const [chore] = await farm
    .select({ id: taskAssignments.id })
    .from(taskAssignments)
    .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
    .where(
      and(
        eq(taskAssignments.appId, appId),
        eq(taskAssignments.userId, userId),
        eq(taskAssignments.status, 'waiting'),
        eq(tasks.isClosed, false),
      ),
    )
    .limit(1);
  if (chore) throw new HttpError(409, 'ACCOUNT_HAS_PENDING_CHORE');
}

/** One e-mail job per manager (keyed by the member and the manager) and one notification each. */
async function tellManagers(
  tx: Transaction,
  tenant: Tenant,
  target: AnonymisedTarget,
): Promise<{ told: number; created: CreatedNotification[] }> {
  const appId = tenant.appId;
  const managers = await tenantDb(tx, appId)
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.appId, users.appId), eq(userRoles.userId, users.id)))
    .where(
      and(
        eq(users.appId, appId),
        inArray(userRoles.role, [...managersOfMembers]),
        eq(users.isActive, true),
        eq(users.isApproved, true),
        isNull(users.anonymizedAt),
        ne(users.id, target.id),
      ),
    );
  const memberName = `${target.firstName} ${target.lastName}`.trim() || target.username;
  const deletedOn = formatDay(farmToday());
  await enqueue(
    tx,
    managers
      .filter((manager) => manager.email.trim() !== '')
      .map((manager) =>
        mailJob(
          {
            appId,
            userId: manager.id,
            to: manager.email.trim(),
            template: 'memberLeft',
            values: { appName: tenant.name, firstName: manager.firstName, memberName, deletedOn },
          },
          `member-left:${appId}:${target.id}:${manager.id}`,
        ),
      ),
  );
  const created = await insertNotifications(
    tx,
    appId,
    managers.map((manager) => ({
      userId: manager.id,
      title: 'Een lid verwijderde zijn account',
      body: `${memberName} verwijderde zelf het account; betalingen en plukgeld blijven bewaard, geanonimiseerd.`,
      link: membersPath,
    })),
  );
  return { told: managers.length, created };
}

/**
 * "Verwijder mijn account" (GDPR article 17, decision 101): with the password again, only by the member
 * (never an Admin working as the member), refused while a payment is open or a chore waits, otherwise the
 * same anonymisation as a manager's delete (ADR 080: money history kept under "Verwijderd lid"), with the
 * managers told in the same transaction. Audited as `user.delete-own`.
 */
export async function deleteMyAccount(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  body: DeleteMyAccountBody,
): Promise<void> {
  assertNotImpersonating(auth, 'Het account verwijderen');
  const appId = tenant.appId;
  const [row] = await tenantDb(app.db, appId)
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, auth.user.id), eq(users.appId, appId)));
  if (!row || !(await verifyPassword(row.passwordHash, body.password))) {
    throw new HttpError(400, 'WRONG_PASSWORD', 'Je wachtwoord is onjuist.', {
      password: 'Je wachtwoord is onjuist.',
    });
  }
  let created: CreatedNotification[] = [];
  await anonymiseUser(app, tenant, auth, auth.user.id, {
    ownAccount: true,
    auditAction: 'user.delete-own',
    beforeWipe: async (tx, target) => {
      await assertNothingPending(tx, appId, target.id);
      const told = await tellManagers(tx, tenant, target);
      created = told.created;
      return { managersTold: told.told };
    },
  });
  await app.push.deliver(created);
  app.jobs.wake();
}
