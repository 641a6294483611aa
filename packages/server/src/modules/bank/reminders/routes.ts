import type { FastifyInstance } from 'fastify';
import { authOf, tenantOf, userOf } from '../../../plugins/request-context.js';
import type { BankHandlers } from '../handler-types.js';
import { markManyPaid, remindMany } from '../transactions/bulk.js';
import { reminderPause, setReminderPause } from './pause.js';
import { readReminderSchedule, saveReminderSchedule } from './schedule.js';

/** The reminder schedule, a member's pause, and the bank list's bulk actions (ADR 093). */
export function reminderHandlers(
  app: FastifyInstance,
): BankHandlers<
  | 'reminderSchedule'
  | 'saveReminderSchedule'
  | 'reminderPause'
  | 'setReminderPause'
  | 'markPaidMany'
  | 'remindMany'
> {
  const appIdOf = (request: Parameters<typeof userOf>[0]) => userOf(request).appId;
  return {
    reminderSchedule: async (request) => readReminderSchedule(app.db, appIdOf(request)),
    saveReminderSchedule: async (request) =>
      saveReminderSchedule(app.db, appIdOf(request), authOf(request), request.body),
    reminderPause: async (request) => reminderPause(app.db, appIdOf(request), request.params.userId),
    setReminderPause: async (request) =>
      setReminderPause(app.db, appIdOf(request), authOf(request), request.params.userId, request.body.paused),
    markPaidMany: async (request) => markManyPaid(app, appIdOf(request), authOf(request), request.body),
    remindMany: async (request) => remindMany(app, tenantOf(request), authOf(request), request.body.ids),
  };
}
