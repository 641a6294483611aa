import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  bankTransactionEvents,
  bankTransactions,
  calendarFeeds,
  emailLog,
  eventAttendances,
  events,
  householdMembers,
  households,
  myDataExports,
  notifications,
  emailChanges,
  passwordResetTokens,
  productReservations,
  products,
  pushSubscriptions,
  requests,
  taskAssignments,
  tasks,
  userAvatars,
  userRoles,
  users,
  userSettingOverrides,
  userSubscriptions,
} from '../../db/schema/index.js';
import type { Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { inTransaction } from '../../db/transaction.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { RequestAuth, Tenant } from '../../types.js';
import { audit } from '../audit.js';
import { revokeUserTokens } from '../auth/refresh-tokens.js';
import { unusablePasswordHash } from './accounts.js';
import { assertNotLastActiveAdmin, lockAccountToActOn, lockActiveAdmins } from './policy.js';

/** What an account is before it is wiped: refusing a registration mails the person first (decision 092). */
export interface AnonymisedTarget {
  id: number;
  isApproved: boolean;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
}

export interface AnonymiseOptions {
  /**
   * Runs under the account's row lock before anything is wiped, in the same transaction: refusing checks
   * that the account still waits for approval and queues the refusal e-mail; its answer joins the audit row.
   */
  beforeWipe?: (tx: Transaction, target: AnonymisedTarget) => Promise<Record<string, unknown>>;
  /** The audit action: `user.delete` unless told otherwise (`user.refuse`). */
  auditAction?: string;
  /**
   * The member deletes their own account ("Verwijder mijn account", decision 101): allowed on oneself,
   * and a refusal speaks to the member instead of to a manager.
   */
  ownAccount?: boolean;
}

/** The name a deleted member keeps in ledgers, bank transactions and chore history (ADR 080). */
export const anonymisedFirstName = 'Verwijderd';
export const anonymisedLastName = 'lid';

/**
 * Deletes a member the GDPR way (ADR 080): the row stays so every ledger entry, wallet, bank
 * transaction and credit keeps pointing at it and money history stays exact, but everything personal
 * is wiped in one transaction with an audit row. Open bank transactions are cancelled, future chore
 * and event sign-ups dropped, subscriptions ended; open reservations and requests must be handled first.
 */
export async function anonymiseUser(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  userId: number,
  options: AnonymiseOptions = {},
): Promise<void> {
  const appId = tenant.appId;
  if (userId === auth.user.id && !options.ownAccount) {
    throw new HttpError(409, 'CANNOT_DELETE_SELF', 'Je kan je eigen account niet verwijderen.');
  }
  await inTransaction(app.db, async (tx) => {
    const farm = tenantDb(tx, appId);
    // The farm's active Admins first, then the member's row (one lock order for every change, ADR 086):
    // two deletions (or a deletion and an edit) of one member wait for each other, and the last active
    // Admin is never deleted, by anyone.
    const admins = await lockActiveAdmins(tx, appId);
    const locked = await lockAccountToActOn(tx, appId, auth.user, userId);
    assertNotLastActiveAdmin(admins, userId);
    const [details] = await farm
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        username: users.username,
      })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.appId, appId)));
    if (!details) throw notFound();
    const target: AnonymisedTarget = { id: locked.id, isApproved: locked.isApproved, ...details };
    await assertNothingOpen(tx, appId, userId, options.ownAccount ?? false);
    const extraAudit = options.beforeWipe ? await options.beforeWipe(tx, target) : {};

    const placeholder = `verwijderd-${userId}`;
    await farm
      .update(users)
      .set({
        username: placeholder,
        email: `${placeholder}@verwijderd.invalid`,
        passwordHash: unusablePasswordHash(),
        firstName: anonymisedFirstName,
        lastName: anonymisedLastName,
        phone: '',
        street: '',
        houseNumber: '',
        postalCode: '',
        city: '',
        customQuestionAnswer: null,
        showContactData: false,
        receiveEmails: false,
        isActive: false,
        isTransactionable: false,
        anonymizedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), eq(users.appId, appId)));
    await farm.delete(userRoles).where(and(eq(userRoles.appId, appId), eq(userRoles.userId, userId)));
    await farm.delete(userAvatars).where(and(eq(userAvatars.appId, appId), eq(userAvatars.userId, userId)));
    await farm
      .delete(userSettingOverrides)
      .where(and(eq(userSettingOverrides.appId, appId), eq(userSettingOverrides.userId, userId)));
    await farm
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.appId, appId), eq(pushSubscriptions.userId, userId)));
    await farm
      .delete(notifications)
      .where(and(eq(notifications.appId, appId), eq(notifications.userId, userId)));
    await farm
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.appId, appId), eq(passwordResetTokens.userId, userId)));
    await farm
      .delete(emailChanges)
      .where(and(eq(emailChanges.appId, appId), eq(emailChanges.userId, userId)));
    // Copies of the member's data go too (decision 101): they are the member's personal data.
    await farm
      .delete(myDataExports)
      .where(and(eq(myDataExports.appId, appId), eq(myDataExports.userId, userId)));
    // The calendar link goes too (decision 100): its feed answers 404 like any unknown link.
    await farm
      .delete(calendarFeeds)
      .where(and(eq(calendarFeeds.appId, appId), eq(calendarFeeds.userId, userId)));
    await revokeUserTokens(farm, userId);
    // The household: only the holder stays, under the anonymous name.
    const household = farm
      .select({ id: households.id })
      .from(households)
      .where(and(eq(households.appId, appId), eq(households.holderUserId, userId)));
    await farm
      .delete(householdMembers)
      .where(
        and(
          eq(householdMembers.appId, appId),
          inArray(householdMembers.householdId, household),
          eq(householdMembers.isHolder, false),
        ),
      );
    await farm
      .update(householdMembers)
      .set({ name: `${anonymisedFirstName} ${anonymisedLastName}`, yearOfBirth: null })
      .where(and(eq(householdMembers.appId, appId), inArray(householdMembers.householdId, household)));
    // Subscriptions end; future chore and event sign-ups free their places; past ones stay (credits).
    await farm
      .delete(userSubscriptions)
      .where(and(eq(userSubscriptions.appId, appId), eq(userSubscriptions.userId, userId)));
    await farm.delete(taskAssignments).where(
      and(
        eq(taskAssignments.appId, appId),
        eq(taskAssignments.userId, userId),
        inArray(
          taskAssignments.taskId,
          farm
            .select({ id: tasks.id })
            .from(tasks)
            .where(and(eq(tasks.appId, appId), gt(tasks.startsAt, sql`now()`))),
        ),
      ),
    );
    await farm.delete(eventAttendances).where(
      and(
        eq(eventAttendances.appId, appId),
        eq(eventAttendances.userId, userId),
        inArray(
          eventAttendances.eventId,
          farm
            .select({ id: events.id })
            .from(events)
            .where(and(eq(events.appId, appId), gt(events.startsAt, sql`now()`))),
        ),
      ),
    );
    // Open bank transactions are cancelled (nothing is owed any more); paid ones stay as they are.
    const cancelled = await farm
      .update(bankTransactions)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(
        and(
          eq(bankTransactions.appId, appId),
          eq(bankTransactions.userId, userId),
          eq(bankTransactions.status, 'open'),
        ),
      )
      .returning({ id: bankTransactions.id, amountCents: bankTransactions.amountCents });
    if (cancelled.length > 0) {
      await farm.insert(bankTransactionEvents).values(
        cancelled.map((t) => ({
          appId,
          transactionId: t.id,
          kind: 'cancelled',
          fromStatus: 'open',
          toStatus: 'cancelled',
          amountCents: t.amountCents,
          actorUserId: auth.user.id,
          detail: 'Lid verwijderd',
        })),
      );
    }
    // The e-mails sent keep their date and template, not the address or text.
    await farm
      .update(emailLog)
      .set({ toAddress: '[verwijderd]', body: '[verwijderd]' })
      .where(and(eq(emailLog.appId, appId), eq(emailLog.userId, userId)));
    await audit(tx, appId, auth, options.auditAction ?? 'user.delete', {
      userId,
      bankTransactionsCancelled: cancelled.length,
      ...extraAudit,
    });
  });
  await app.caches.usersChanged(appId, userId);
}

/** Reservations and requests still waiting on this member are handled by a person first. */
async function assertNothingOpen(
  tx: Parameters<typeof tenantDb>[0],
  appId: string,
  userId: number,
  ownAccount: boolean,
) {
  const farm = tenantDb(tx, appId);
  const [reservation] = await farm
    .select({ id: productReservations.id })
    .from(productReservations)
    .where(
      and(
        eq(productReservations.appId, appId),
        eq(productReservations.status, 'reserved'),
        or(
          eq(productReservations.userId, userId),
          inArray(
            productReservations.productId,
            farm
              .select({ id: products.id })
              .from(products)
              .where(and(eq(products.appId, appId), eq(products.ownerUserId, userId))),
          ),
        ),
      ),
    )
    .limit(1);
  const [request] = await farm
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.appId, appId),
        inArray(requests.status, ['open', 'taken']),
        or(eq(requests.requesterUserId, userId), eq(requests.takenByUserId, userId)),
      ),
    )
    .limit(1);
  if ((reservation || request) && ownAccount) {
    throw new HttpError(
      409,
      'USER_HAS_OPEN_TRADES',
      'Je hebt nog open reservaties of vragen. Handel die eerst af (of annuleer ze) en verwijder je account daarna.',
    );
  }
  if (reservation || request) {
    throw new HttpError(
      409,
      'USER_HAS_OPEN_TRADES',
      'Dit lid heeft nog open reservaties of vragen. Handel die eerst af (of laat ze annuleren) en verwijder het lid daarna.',
    );
  }
}
