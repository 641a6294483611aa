import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { userOf } from '../../plugins/request-context.js';
import {
  cancelTask,
  closeTask,
  confirmAssignment,
  copyTask,
  createTask,
  deleteTask,
  homeTasks,
  managerTaskDetail,
  managerTasks,
  myTasks,
  openTasks,
  refuseAssignment,
  takeTask,
  taskDetail,
  updateTask,
} from './service.js';

export function taskHandlers(app: FastifyInstance): FeatureHandlers<typeof api.task> {
  return {
    homeList: async (request) => homeTasks(app.db, userOf(request), request.query),
    openList: async (request) => openTasks(app.db, userOf(request), request.query),
    detail: async (request) => taskDetail(app.db, userOf(request), request.params.id),
    take: async (request) => takeTask(app.db, userOf(request), request.body.taskId),
    cancel: async (request) => cancelTask(app.db, userOf(request), request.body.taskId),
    confirm: async (request) => confirmAssignment(app, userOf(request), request.body.assignmentId),
    refuse: async (request) => refuseAssignment(app, userOf(request), request.body.assignmentId),
    myTasks: async (request) => myTasks(app.db, userOf(request)),
    managerList: async (request) => managerTasks(app.db, userOf(request).appId, request.query),
    managerDetail: async (request) => managerTaskDetail(app.db, userOf(request).appId, request.params.id),
    create: async (request) => createTask(app.db, userOf(request), request.body),
    update: async (request) => updateTask(app.db, userOf(request), request.body),
    remove: async (request, reply) => {
      await deleteTask(app, userOf(request), request.params.id);
      return reply.code(204).send();
    },
    close: async (request) => closeTask(app.db, userOf(request).appId, request.params.id),
    copy: async (request) => copyTask(app.db, userOf(request), request.params.id),
  };
}
