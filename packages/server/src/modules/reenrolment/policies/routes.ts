import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userOf } from '../../../plugins/request-context.js';
import type { ReenrolmentHandlers } from '../handler-types.js';
import { createPolicy } from './create.js';
import { deletePolicy } from './delete.js';
import { listPolicies } from './list.js';
import { readPolicy } from './read.js';
import { updatePolicy } from './update.js';

/** The ApplicationManager's intention policies: list, read, create, change, delete. */
export function policyHandlers(
  app: FastifyInstance,
): ReenrolmentHandlers<'policies' | 'policy' | 'createPolicy' | 'updatePolicy' | 'deletePolicy'> {
  const appIdOf = (request: FastifyRequest) => userOf(request).appId;
  return {
    policies: async (request) => listPolicies(app.db, appIdOf(request), request.query),
    policy: async (request) => readPolicy(app.db, appIdOf(request), request.params.id),
    createPolicy: async (request) => createPolicy(app.db, appIdOf(request), request.body),
    updatePolicy: async (request) => updatePolicy(app.db, appIdOf(request), request.params.id, request.body),
    deletePolicy: async (request, reply) => {
      await deletePolicy(app.db, appIdOf(request), request.params.id);
      return reply.code(204).send();
    },
  };
}
