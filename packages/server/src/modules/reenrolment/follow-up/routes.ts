import type { FastifyInstance } from 'fastify';
import { tenantOf, userOf } from '../../../plugins/request-context.js';
import type { ReenrolmentHandlers } from '../handler-types.js';
import { policyAnswers } from './answers.js';
import { remindMembers } from './reminders.js';
import { policySummary } from './summary.js';

/** Following a round: who answered what, the totals, and reminders to who has not answered. */
export function followUpHandlers(
  app: FastifyInstance,
): ReenrolmentHandlers<'answers' | 'summary' | 'remind'> {
  return {
    answers: async (request) =>
      policyAnswers(app.db, userOf(request).appId, request.params.id, request.query),
    summary: async (request) => policySummary(app.db, userOf(request).appId, request.params.id),
    remind: async (request) => remindMembers(app, tenantOf(request), request.params.id),
  };
}
