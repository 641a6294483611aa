import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

export function mediaHandlers(_app: FastifyInstance): FeatureHandlers<typeof api.media> {
  return {};
}
