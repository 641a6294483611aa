import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';

export function commentHandlers(_app: FastifyInstance): FeatureHandlers<typeof api.comment> {
  return {};
}
