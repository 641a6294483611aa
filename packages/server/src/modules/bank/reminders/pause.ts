import { and, eq } from 'drizzle-orm';
import type { ReminderPause } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { tenantDb } from '../../../db/tenant.js';
import { bankReminderPauses, users } from '../../../db/schema/index.js';
import { inTransaction } from '../../../db/transaction.js';
import { notFound } from '../../../lib/http-error.js';
import type { RequestAuth } from '../../../types.js';
import { audit } from '../../audit.js';
import { bankActorOf } from '../transactions/actor.js';

async function memberExists(db: Database, appId: string, userId: number): Promise<boolean> {
  const [row] = await tenantDb(db, appId)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return row !== undefined;
}

/** Whether the schedule skips this member's transactions (ADR 093); 404 for a user of another farm. */
export async function reminderPause(db: Database, appId: string, userId: number): Promise<ReminderPause> {
  if (!(await memberExists(db, appId, userId))) throw notFound();
  const [row] = await tenantDb(db, appId)
    .select({ userId: bankReminderPauses.userId })
    .from(bankReminderPauses)
    .where(and(eq(bankReminderPauses.appId, appId), eq(bankReminderPauses.userId, userId)));
  return { userId, paused: row !== undefined };
}

/** Pauses or resumes a member's scheduled reminders, audited; asking twice changes nothing. */
export async function setReminderPause(
  db: Database,
  appId: string,
  auth: RequestAuth,
  userId: number,
  paused: boolean,
): Promise<ReminderPause> {
  if (!(await memberExists(db, appId, userId))) throw notFound();
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    if (paused) {
      const actor = await bankActorOf(tx, appId, auth);
      await farm
        .insert(bankReminderPauses)
        .values({ appId, userId, pausedByName: actor.name })
        .onConflictDoNothing();
    } else {
      await farm
        .delete(bankReminderPauses)
        .where(and(eq(bankReminderPauses.appId, appId), eq(bankReminderPauses.userId, userId)));
    }
    await audit(tx, appId, auth, 'bank.reminderPause', { userId, paused });
  });
  return { userId, paused };
}
