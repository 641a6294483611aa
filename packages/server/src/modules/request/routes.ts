import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import {
  confirmRequest,
  createRequest,
  deleteRequest,
  listRequests,
  managerCloseRequest,
  managerDeleteRequest,
  managerRequests,
  myRequests,
  refuseRequest,
  requestDetail,
  takeRequest,
  updateRequest,
} from './service.js';

export function requestHandlers(app: FastifyInstance): FeatureHandlers<typeof api.request> {
  return {
    list: async (request) => listRequests(app.db, userOf(request), request.query),
    detail: async (request) => requestDetail(app.db, userOf(request), request.params.id),
    create: async (request) => createRequest(app.db, userOf(request), request.body),
    update: async (request) => updateRequest(app.db, userOf(request), request.body),
    take: async (request) => takeRequest(app, userOf(request), request.body.requestId),
    confirm: async (request) => confirmRequest(app, userOf(request), request.body.requestId),
    refuse: async (request) => refuseRequest(app, userOf(request), request.body.requestId),
    remove: async (request, reply) => {
      await deleteRequest(app, userOf(request), request.params.id);
      return reply.code(204).send();
    },
    mine: async (request) => myRequests(app.db, userOf(request)),
    managerList: async (request) => managerRequests(app.db, userOf(request), request.query),
    managerClose: async (request) => managerCloseRequest(app, userOf(request), request.params.id),
    managerRemove: async (request, reply) => {
      await managerDeleteRequest(app.db, userOf(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
