import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../../../plugins/request-context.js';
import type { BankHandlers } from '../handler-types.js';
import { bankMembers, bankSubscriptions } from './service.js';

/**
 * The members and subscriptions a BankManager picks from: the users list and the subscription routes
 * are the ApplicationManager's, and "Nieuwe transactie" and the bank list's filters must work without
 * that role. The farm is the signed-in user's, never a value of the input.
 */
export function memberHandlers(app: FastifyInstance): BankHandlers<'members' | 'subscriptions'> {
  const appIdOf = (request: FastifyRequest) => userOf(request).appId;
  return {
    members: async (request) => bankMembers(app.db, appIdOf(request), request.body),
    subscriptions: async (request) => bankSubscriptions(app.db, appIdOf(request), request.query.harvestYear),
  };
}
