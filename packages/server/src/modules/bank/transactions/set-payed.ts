import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { setPayedResultSchema } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankTransactions, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError, notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { audit } from '../../audit.js';
import { currentHarvestYear } from '../../harvest-year.js';
import { closeTransaction } from '../status-change.js';
import { bankActorOf } from './actor.js';

type SetPayedResult = z.infer<typeof setPayedResultSchema>;

/**
 * `User/SetPayed`: a member's payment of the current harvest year, by hand (decision 077).
 * - `true` marks every open transaction of this year paid (`manual`, each with its audit row) and sets
 *   `has_paid`; a member without transactions is simply marked paid (a farm that does not use the bank).
 * - `false` only while none of this year's transactions is paid: a paid one is proof, and `has_paid`
 *   would follow it back to true at the next change (409 PAID_BY_TRANSACTIONS; undo it in the bank).
 * The year's transactions are locked first (as `closeTransaction` locks a transaction before the member),
 * so a payment arriving meanwhile is either seen here or waits.
 */
export async function setPayed(
  db: Database,
  appId: string,
  auth: RequestAuth,
  body: { userId: number; hasPaid: boolean },
  now: Date = new Date(),
): Promise<SetPayedResult> {
  const { year } = await currentHarvestYear(db, appId, now);
  return inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    const [member] = await farm
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, body.userId)));
    if (!member) throw notFound();
    const yearRows = await farm
      .select({ id: bankTransactions.id, status: bankTransactions.status })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.appId, appId),
          eq(bankTransactions.userId, member.id),
          eq(bankTransactions.harvestYear, year),
          inArray(bankTransactions.status, ['open', 'paid']),
        ),
      )
      .orderBy(bankTransactions.id)
      .for('update');
    let markedPaid = 0;
    if (body.hasPaid) {
      const actor = await bankActorOf(tx, appId, auth);
      for (const row of yearRows.filter((r) => r.status === 'open')) {
        const result = await closeTransaction(tx, appId, row.id, {
          to: 'paid',
          via: 'manual',
          paidAt: now,
          actor,
          detail: 'als betaald gezet bij het lid (SetPayed)',
        });
        if (result.changed) markedPaid += 1;
      }
    } else if (yearRows.some((r) => r.status === 'paid')) {
      throw new HttpError(409, 'PAID_BY_TRANSACTIONS');
    }
    await farm
      .update(users)
      .set({ hasPaid: body.hasPaid, updatedAt: sql`now()` })
      .where(and(eq(users.appId, appId), eq(users.id, member.id)));
    await audit(tx, appId, auth, 'user.setPayed', {
      userId: member.id,
      hasPaid: body.hasPaid,
      harvestYear: year,
      transactionsMarkedPaid: markedPaid,
    });
    return { userId: member.id, hasPaid: body.hasPaid, transactionsMarkedPaid: markedPaid };
  });
}
