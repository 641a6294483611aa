import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import {
  addUserSubscription,
  chooseSubscriptions,
  createSubscription,
  deleteSubscription,
  managedSubscription,
  managedSubscriptions,
  memberSubscriptionList,
  myMembership,
  mySubscriptionDetail,
  mySubscriptions,
  removeUserSubscription,
  subscriptionCountInfo,
  subscriptionInfo,
  subscriptionMembers,
  updateSubscription,
} from './service.js';

export function subscriptionHandlers(app: FastifyInstance): FeatureHandlers<typeof api.subscription> {
  const appIdOf = (request: Parameters<typeof userOf>[0]) => userOf(request).appId;
  return {
    list: async (request) => memberSubscriptionList(app.db, userOf(request)),
    membership: async (request) => myMembership(app.db, userOf(request)),
    mine: async (request) => mySubscriptions(app.db, userOf(request)),
    choose: async (request) => chooseSubscriptions(app.db, userOf(request), request.body.subscriptionIds),
    myDetail: async (request) => mySubscriptionDetail(app.db, userOf(request), request.params.id),
    managerList: async (request) => managedSubscriptions(app.db, appIdOf(request), request.query),
    managerDetail: async (request) => managedSubscription(app.db, appIdOf(request), request.params.id),
    members: async (request) => subscriptionMembers(app.db, appIdOf(request), request.params.id),
    create: async (request) => createSubscription(app.db, appIdOf(request), request.body),
    update: async (request) => updateSubscription(app.db, appIdOf(request), request.body),
    remove: async (request, reply) => {
      await deleteSubscription(app.db, appIdOf(request), request.params.id);
      return reply.code(204).send();
    },
    info: async (request) => subscriptionCountInfo(app.db, appIdOf(request), request.params.id, 0),
    infoNext: async (request) => subscriptionCountInfo(app.db, appIdOf(request), request.params.id, 1),
    infoPrice: async (request) => subscriptionInfo(app.db, appIdOf(request), request.params.id, 0),
    infoPriceNext: async (request) => subscriptionInfo(app.db, appIdOf(request), request.params.id, 1),
    addUser: async (request) => addUserSubscription(app.db, appIdOf(request), request.body),
    removeUser: async (request, reply) => {
      await removeUserSubscription(app.db, appIdOf(request), request.params);
      return reply.code(204).send();
    },
  };
}
