import { and, eq, ne, sql } from 'drizzle-orm';
import type { TenantDb } from '../../../db/tenant.js';
import { bankTransactions, userSubscriptions } from '../../../db/schema/index.js';

/**
 * The live (open or paid) transaction of a `user_subscriptions` row, as a subquery for `exists` or
 * `notExists` in a statement that reads `user_subscriptions`: there is at most one per member and
 * subscription, and `bank_transactions_one_live_per_subscription` finds it.
 */
export function liveTransactionOfSubscriber(farm: TenantDb) {
  return farm
    .select({ one: sql`1` })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.subscriptionId, userSubscriptions.subscriptionId),
        eq(bankTransactions.userId, userSubscriptions.userId),
        ne(bankTransactions.status, 'cancelled'),
      ),
    );
}
