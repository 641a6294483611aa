import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf, userOf } from '../../plugins/request-context.js';
import { composeOptions, countRecipients } from './audience.js';
import { listEmailLog } from './email-log.js';
import { previewMailing, testMailing } from './mailing-preview.js';
import { listMailings, mailingDetail, sendMailing } from './mailings.js';
import { searchMembers } from './members.js';
import { saveSmtpSettings, smtpSettings, testSmtp } from './smtp.js';
import { listTemplates, previewTemplate, saveTemplate, testTemplate } from './templates.js';

export function communicationHandlers(app: FastifyInstance): FeatureHandlers<typeof api.communication> {
  const appIdOf = (request: Parameters<typeof tenantOf>[0]) => tenantOf(request).appId;
  return {
    templates: async (request) => listTemplates(app, appIdOf(request)),
    saveTemplate: async (request) => saveTemplate(app, appIdOf(request), authOf(request), request.body),
    previewTemplate: async (request) =>
      previewTemplate(app, tenantOf(request), userOf(request), request.body),
    testTemplate: async (request) => testTemplate(app, tenantOf(request), userOf(request), request.body),
    smtp: async (request) => smtpSettings(app, appIdOf(request)),
    saveSmtp: async (request) => saveSmtpSettings(app, appIdOf(request), authOf(request), request.body),
    testSmtp: async (request) => testSmtp(app, appIdOf(request)),
    options: async (request) => composeOptions(app, appIdOf(request)),
    members: async (request) => searchMembers(app.db, appIdOf(request), request.query.search),
    recipients: async (request) => countRecipients(app.db, appIdOf(request), request.body.audience),
    send: async (request) => sendMailing(app, tenantOf(request), userOf(request), request.body),
    mailingPreview: async (request) => previewMailing(app, tenantOf(request), request.body),
    mailingTest: async (request) => testMailing(app, tenantOf(request), userOf(request), request.body),
    mailings: async (request) => listMailings(app.db, appIdOf(request), request.query),
    mailing: async (request) => mailingDetail(app.db, appIdOf(request), request.params.id),
    emailLog: async (request) => listEmailLog(app.db, appIdOf(request), request.query),
  };
}
