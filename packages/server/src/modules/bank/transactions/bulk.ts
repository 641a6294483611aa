import type { FastifyInstance } from 'fastify';
import type { BulkResult, BulkRowResult, PaidVia } from '@pluk/contract';
import { inTransaction } from '../../../db/transaction.js';
import { HttpError } from '../../../lib/http-error.js';
import type { RequestAuth, Tenant } from '../../../types.js';
import { farmToday, paymentEmailFarm } from '../emails/generate.js';
import { sendReminder, type ReminderOutcome } from '../reminders/send-reminder.js';
import { bankActorOf } from './actor.js';
import { markTransactionPaid } from './manage.js';

/** Each id once, in the order given. */
const distinct = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Marks several transactions paid (the bank list's selection), each in its own database transaction
 * through the one way a status moves (`closeTransaction`): one that was paid meanwhile, or is of another
 * farm, does not stop the others; every row gets its own result (ADR 093).
 */
export async function markManyPaid(
  app: FastifyInstance,
  appId: string,
  auth: RequestAuth,
  body: { ids: number[]; via: PaidVia; paidOn?: string | undefined; note: string },
): Promise<BulkResult> {
  const results: BulkRowResult[] = [];
  for (const id of distinct(body.ids)) {
    try {
      await markTransactionPaid(app.db, appId, auth, id, body);
      results.push({ id, ok: true, code: null, message: 'Betaald gezet.' });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // A date in the future is wrong for every row: the whole request is refused, as for one.
      if (error.code === 'VALIDATION_ERROR') throw error;
      const message = error.code === 'NOT_FOUND' ? 'Deze transactie bestaat niet (meer).' : error.message;
      results.push({ id, ok: false, code: error.code, message });
    }
  }
  return { results };
}

function reminderResult(id: number, outcome: ReminderOutcome): BulkRowResult {
  if (outcome.sent) {
    return { id, ok: true, code: null, message: `Herinnering ${outcome.number} gaat naar ${outcome.to}.` };
  }
  const why = {
    'not-found': ['NOT_FOUND', 'Deze transactie bestaat niet (meer).'],
    'not-open': ['TRANSACTION_ALREADY_HANDLED', 'Deze transactie is niet meer open: geen herinnering nodig.'],
    'no-email': ['VALIDATION_ERROR', 'Dit lid heeft geen e-mailadres: er vertrekt geen herinnering.'],
    'already-sent': [
      'TRANSACTION_ALREADY_HANDLED',
      'Er vertrok net al een herinnering voor deze transactie.',
    ],
  } as const;
  const [code, message] = why[outcome.why];
  return { id, ok: false, code, message };
}

/**
 * Sends a reminder now for each selected open transaction, whatever the schedule: one mail job each,
 * through the durable queue, keyed by transaction and reminder number, in the transaction's history.
 */
export async function remindMany(
  app: FastifyInstance,
  tenant: Tenant,
  auth: RequestAuth,
  ids: readonly number[],
): Promise<BulkResult> {
  const { appId } = tenant;
  const farm = await paymentEmailFarm(app, tenant);
  const today = farmToday();
  const results: BulkRowResult[] = [];
  for (const id of distinct(ids)) {
    const outcome = await inTransaction(app.db, async (tx) =>
      sendReminder(tx, appId, id, { farm, today, actor: await bankActorOf(tx, appId, auth) }),
    );
    results.push(reminderResult(id, outcome));
  }
  app.jobs.wake();
  return { results };
}
