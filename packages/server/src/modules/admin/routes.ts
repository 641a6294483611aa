import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import { createApp } from './create-app.js';
import { resendWelcomeEmails, resetAllPasswords } from './member-actions.js';
import { removeApp } from './remove-app.js';

/** The Admin's actions (decision 084): farms made and removed, mails to every member. */
export function adminHandlers(app: FastifyInstance): FeatureHandlers<typeof api.admin> {
  return {
    createApp: async (request, reply) =>
      reply.code(201).send(await createApp(app, tenantOf(request), authOf(request), request)),
    removeApp: async (request) =>
      removeApp(app, tenantOf(request), authOf(request), request.query.confirmName),
    resendWelcomeEmails: async (request) => resendWelcomeEmails(app, tenantOf(request), authOf(request)),
    resetAllPasswords: async (request) => resetAllPasswords(app, tenantOf(request), authOf(request)),
  };
}
