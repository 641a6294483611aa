import { and, eq, ne } from 'drizzle-orm';
import { bankLimits, householdPriceCents, type ManagedTransaction } from '@pluk/contract';
import type { Database, Transaction } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, subscriptions, userSubscriptions, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { householdCounts } from '../../subscription/service.js';
import { readBankSettings } from '../settings.js';
import { bankActorOf } from './actor.js';
import { insertTransaction } from './create.js';
import { farmDayFromNow } from './dates.js';
import { managedTransaction } from './read.js';

export interface MembershipCreateInput {
  userId: number;
  subscriptionId: number;
  amountCents?: number | undefined;
  description?: string | undefined;
  dueDate?: string | undefined;
}

/** "Abonnement Groot 2026", cut to what a transaction's description holds. */
export function subscriptionDescription(name: string, harvestYear: number): string {
  const year = ` ${harvestYear}`;
  const text = `Abonnement ${name}`;
  const room = bankLimits.descriptionMax - year.length;
  return `${text.length > room ? text.slice(0, room).trimEnd() : text}${year}`;
}

export const transactionExists = () => new HttpError(409, 'TRANSACTION_EXISTS');

/** The unique index that keeps one open or paid transaction per member and subscription. */
export const oneLivePerSubscription = 'bank_transactions_one_live_per_subscription';

async function hasLiveTransaction(
  tx: Transaction,
  appId: string,
  userId: number,
  subscriptionId: number,
): Promise<boolean> {
  const [live] = await tenantDb(tx, appId)
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.appId, appId),
        eq(bankTransactions.subscriptionId, subscriptionId),
        eq(bankTransactions.userId, userId),
        ne(bankTransactions.status, 'cancelled'),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/**
 * Makes the transaction of an approved member's subscription: by default the household's price
 * (adults × adult price + children × child price), "Abonnement <name> <year>", due after the farm's
 * due days. An unknown member or subscription (or another farm's) is 404; a member without that
 * subscription 409 NOT_SUBSCRIBED; an open or paid one for it already 409 TRANSACTION_EXISTS — also
 * when two managers click at once (the unique index decides, the check first only says it kindly).
 */
export async function createMembershipTransaction(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: MembershipCreateInput,
  now: Date = new Date(),
): Promise<ManagedTransaction> {
  const dueDays = (await readBankSettings(db, appId)).dueDays;
  let id: number;
  try {
    id = await inTransaction(db, async (tx) => {
      const farm = tenantDb(tx, appId);
      const [member] = await farm
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.appId, appId), eq(users.id, input.userId), eq(users.isApproved, true)));
      const [subscription] = await farm
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.appId, appId), eq(subscriptions.id, input.subscriptionId)));
      if (!member || !subscription) throw notFound();
      const [holds] = await farm
        .select({ id: userSubscriptions.id })
        .from(userSubscriptions)
        .where(
          and(
            eq(userSubscriptions.appId, appId),
            eq(userSubscriptions.userId, member.id),
            eq(userSubscriptions.subscriptionId, subscription.id),
          ),
        );
      if (!holds) throw new HttpError(409, 'NOT_SUBSCRIBED');
      if (await hasLiveTransaction(tx, appId, member.id, subscription.id)) throw transactionExists();
      const household = (await householdCounts(tx, appId, [member.id])).get(member.id) ?? {
        adults: 1,
        children: 0,
      };
      const amountCents = input.amountCents ?? householdPriceCents(subscription, household);
      if (amountCents < 1) {
        throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
          amountCents: 'Dit abonnement kost dit gezin niets. Vul zelf een bedrag in.',
        });
      }
      const created = await insertTransaction(
        tx,
        appId,
        {
          userId: member.id,
          payerName: `${member.firstName} ${member.lastName}`.trim(),
          subscriptionId: subscription.id,
          harvestYear: subscription.harvestYear,
          amountCents,
          description:
            input.description ?? subscriptionDescription(subscription.name, subscription.harvestYear),
          dueDate: input.dueDate ?? farmDayFromNow(dueDays, now),
        },
        await bankActorOf(tx, appId, auth),
      );
      return created.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, oneLivePerSubscription)) throw transactionExists();
    throw err;
  }
  return managedTransaction(db, appId, id);
}
