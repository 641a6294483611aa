import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import { approveUser, pagedUsers } from './service.js';

export function usersHandlers(app: FastifyInstance): FeatureHandlers<typeof api.users> {
  return {
    paged: async (request) => pagedUsers(app, tenantOf(request).appId, request.body),
    approve: async (request) => approveUser(app, tenantOf(request), authOf(request), request.body.userId),
  };
}
