import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import { createComment, deleteComment, listComments, updateComment } from './service.js';

export function commentHandlers(app: FastifyInstance): FeatureHandlers<typeof api.comment> {
  return {
    list: async (request) =>
      listComments(app, userOf(request), request.params.subjectType, request.params.subjectId, request.query),
    create: async (request) => createComment(app, userOf(request), request.body),
    update: async (request) => updateComment(app, userOf(request), request.body),
    delete: async (request, reply) => {
      await deleteComment(app, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
