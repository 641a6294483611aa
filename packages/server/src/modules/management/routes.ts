import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import { management, outgoingMail } from './service.js';

export function managementHandlers(app: FastifyInstance): FeatureHandlers<typeof api.management> {
  return {
    root: async (request) => management(app, tenantOf(request).appId, authOf(request).user.roles),
    sendEmails: async (request) => outgoingMail(app, tenantOf(request).appId),
  };
}
