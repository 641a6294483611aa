import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import { myCredits } from './service.js';

export function creditHandlers(app: FastifyInstance): FeatureHandlers<typeof api.credit> {
  return {
    myCredits: async (request) => myCredits(app.db, userOf(request)),
  };
}
