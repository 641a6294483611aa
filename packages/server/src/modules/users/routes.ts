import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import {
  createUser,
  extendedUsers,
  listUsers,
  sendPasswordReset,
  sendWelcomeEmail,
  updateUser,
  userDetail,
} from './accounts.js';
import { anonymiseUser } from './anonymise.js';
import { refuseRegistration } from './refuse.js';
import { approveUser, pagedUsers } from './service.js';

export function usersHandlers(app: FastifyInstance): FeatureHandlers<typeof api.users> {
  return {
    paged: async (request) => pagedUsers(app, tenantOf(request).appId, request.body),
    approve: async (request) => approveUser(app, tenantOf(request), authOf(request), request.body.userId),
    refuse: async (request) => refuseRegistration(app, tenantOf(request), authOf(request), request.body),
    list: async (request) => listUsers(app, tenantOf(request).appId),
    extended: async (request) => extendedUsers(app, tenantOf(request).appId, request.query),
    detail: async (request) => userDetail(app, tenantOf(request).appId, request.params.id),
    create: async (request) => createUser(app, tenantOf(request), authOf(request), request.body),
    update: async (request) => updateUser(app, tenantOf(request), authOf(request), request.body),
    remove: async (request, reply) => {
      await anonymiseUser(app, tenantOf(request), authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
    sendWelcomeEmail: async (request) =>
      sendWelcomeEmail(app, tenantOf(request), authOf(request), request.params.id),
    resetPassword: async (request) =>
      sendPasswordReset(app, tenantOf(request), authOf(request), request.params.id),
  };
}
