import type { FastifyInstance } from 'fastify';
import { tenantOf, userOf } from '../../../plugins/request-context.js';
import type { BankHandlers } from '../handler-types.js';
import { confirmPaymentEmails } from './confirm.js';
import { generatePaymentEmails } from './generate.js';
import { discardPaymentEmail, waitingPaymentEmails } from './waiting.js';

/**
 * Payment e-mails, two-step (docs/product/money.md, "Payment e-mails"): generate for review, then confirm to
 * send.
 */
export function paymentEmailHandlers(
  app: FastifyInstance,
): BankHandlers<
  | 'generateNeededEmails'
  | 'generateNeededEmailForUser'
  | 'generateNeededEmailForTransaction'
  | 'generateReminderEmails'
  | 'generateReminderEmailForUser'
  | 'generateReminderEmailForTransaction'
  | 'neededEmails'
  | 'reminderEmails'
  | 'confirmNeededEmails'
  | 'confirmReminderEmails'
  | 'discardEmail'
> {
  return {
    generateNeededEmails: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'needed', {
        of: 'year',
        harvestYear: request.body.harvestYear,
      }),
    generateNeededEmailForUser: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'needed', {
        of: 'user',
        userId: request.params.userId,
      }),
    generateNeededEmailForTransaction: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'needed', {
        of: 'transaction',
        userId: request.params.userId,
        transactionId: request.params.transactionId,
      }),
    generateReminderEmails: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'reminder', {
        of: 'year',
        harvestYear: request.body.harvestYear,
      }),
    generateReminderEmailForUser: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'reminder', {
        of: 'user',
        userId: request.params.userId,
      }),
    generateReminderEmailForTransaction: async (request) =>
      generatePaymentEmails(app, tenantOf(request), userOf(request), 'reminder', {
        of: 'transaction',
        userId: request.params.userId,
        transactionId: request.params.transactionId,
      }),
    neededEmails: async (request) => waitingPaymentEmails(app.db, tenantOf(request).appId, 'needed'),
    reminderEmails: async (request) => waitingPaymentEmails(app.db, tenantOf(request).appId, 'reminder'),
    confirmNeededEmails: async (request) =>
      confirmPaymentEmails(app, tenantOf(request).appId, 'needed', request.body.ids),
    confirmReminderEmails: async (request) =>
      confirmPaymentEmails(app, tenantOf(request).appId, 'reminder', request.body.ids),
    discardEmail: async (request, reply) => {
      await discardPaymentEmail(app.db, tenantOf(request).appId, request.params.id);
      return reply.code(204).send();
    },
  };
}
