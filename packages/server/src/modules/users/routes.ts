import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf } from '../../plugins/request-context.js';
import {
  createUser,
  extendedUsers,
  liveUser,
  listUsers,
  sendPasswordReset,
  sendWelcomeEmail,
  updateUser,
  userDetail,
} from './accounts.js';
import { cancelEmailChange } from '../auth/email-change.js';
import { anonymiseUser } from './anonymise.js';
import { assertMayActOn } from './policy.js';
import { refuseRegistration } from './refuse.js';
import { approveUser, managedUser, pagedUsers } from './service.js';
import { HttpError } from '../../lib/http-error.js';
import { importProgress } from '../../lib/import-progress.js';
import { readImportFile } from '../../lib/spreadsheet-import.js';
import { sendSpreadsheet } from '../bank/exports/spreadsheet.js';
import {
  confirmMemberImport,
  listMemberImportBatches,
  memberImportTemplate,
  memberProgressKey,
  previewMemberImport,
  undoMemberImport,
} from './member-import.js';

export function usersHandlers(app: FastifyInstance): FeatureHandlers<typeof api.users> {
  return {
    paged: async (request) => pagedUsers(app, tenantOf(request).appId, request.body),
    approve: async (request) => approveUser(app, tenantOf(request), authOf(request), request.body.userId),
    refuse: async (request) => refuseRegistration(app, tenantOf(request), authOf(request), request.body),
    list: async (request) => listUsers(app, tenantOf(request).appId),
    extended: async (request) => extendedUsers(app, tenantOf(request).appId, request.query),
    detail: async (request) => userDetail(app, tenantOf(request).appId, request.params.id),
    create: async (request) => createUser(app, tenantOf(request), authOf(request), request.body),
    update: async (request) => updateUser(app, tenantOf(request), authOf(request), request.body),
    remove: async (request, reply) => {
      await anonymiseUser(app, tenantOf(request), authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
    sendWelcomeEmail: async (request) =>
      sendWelcomeEmail(app, tenantOf(request), authOf(request), request.params.id),
    cancelEmailChange: async (request) => {
      const tenant = tenantOf(request);
      const auth = authOf(request);
      // ADR 086: a manager cancels the pending address only of an account it may act on.
      assertMayActOn(auth.user, await liveUser(app.db, tenant.appId, request.params.id));
      await cancelEmailChange(app.db, tenant, auth, request.params.id);
      return managedUser(app, tenant.appId, request.params.id);
    },
    resetPassword: async (request) =>
      sendPasswordReset(app, tenantOf(request), authOf(request), request.params.id),
    importPreview: async (request) =>
      previewMemberImport(app.db, tenantOf(request).appId, await readImportFile(request)),
    importConfirm: async (request) =>
      confirmMemberImport(app, tenantOf(request), authOf(request), await readImportFile(request), {
        progressKey: request.query.progressKey,
        sendWelcomeEmail: request.query.sendWelcomeEmail,
      }),
    importTemplate: async (_request, reply) =>
      sendSpreadsheet(reply, 'leden-sjabloon.xlsx', await memberImportTemplate()),
    importProgress: async (request) => {
      const key = memberProgressKey(request.query.progressKey);
      const progress = importProgress.get(tenantOf(request).appId, key);
      if (!progress) throw new HttpError(404, 'NOT_FOUND', 'Deze import loopt niet (meer).');
      return progress;
    },
    importBatches: async (request) => listMemberImportBatches(app.db, tenantOf(request).appId),
    importUndo: async (request) =>
      undoMemberImport(app, tenantOf(request).appId, authOf(request), request.params.id),
  };
}
