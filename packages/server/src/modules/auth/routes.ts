import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { tenantOf } from '../../plugins/request-context.js';
import { confirmEmailChange } from './email-change.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { isUsernameAvailable, registerUser } from './register.js';
import { login, logout, refresh } from './sessions.js';

export function authHandlers(app: FastifyInstance): FeatureHandlers<typeof api.auth> {
  return {
    register: async (request, reply) => {
      const result = await registerUser(app, tenantOf(request), request.body);
      return reply.code(201).send(result);
    },
    validateUsername: async (request) => ({
      available: await isUsernameAvailable(app, tenantOf(request).appId, request.params.name),
    }),
    login: async (request) => login(app, tenantOf(request), request.body),
    logout: async (request, reply) => {
      await logout(app, tenantOf(request), request.body.refreshToken);
      return reply.code(204).send();
    },
    refreshLogin: async (request) => refresh(app, tenantOf(request), request.body),
    requestReset: async (request) => {
      await requestPasswordReset(app, tenantOf(request), request.params.value);
      return { ok: true as const };
    },
    resetPassword: async (request, reply) => {
      await resetPassword(app, tenantOf(request), request.body);
      return reply.code(204).send();
    },
    confirmEmail: async (request) => confirmEmailChange(app, tenantOf(request), request.body.token),
  };
}
