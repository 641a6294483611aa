import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { paymentEmailHandlers } from './emails/routes.js';
import { memberHandlers } from './members/routes.js';
import { mollieHandlers } from './mollie/routes.js';
import { reminderHandlers } from './reminders/routes.js';
import { statementHandlers } from './statement/routes.js';
import { transactionHandlers } from './transactions/routes.js';

/**
 * The bank's routes, one file per part: transactions, online payment, payment e-mails, bank files, and
 * the members and subscriptions a BankManager picks from.
 */
export function bankHandlers(app: FastifyInstance): FeatureHandlers<typeof api.bank> {
  return {
    ...transactionHandlers(app),
    ...mollieHandlers(app),
    ...paymentEmailHandlers(app),
    ...statementHandlers(app),
    ...memberHandlers(app),
    ...reminderHandlers(app),
  };
}
