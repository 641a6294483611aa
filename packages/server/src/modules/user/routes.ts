import type { FastifyInstance } from 'fastify';
import type { api } from '@pluk/contract';
import type { FeatureHandlers } from '../../plugins/contract-routes.js';
import { authOf, tenantOf, userOf } from '../../plugins/request-context.js';
import { HttpError } from '../../lib/http-error.js';
import { cancelEmailChange } from '../auth/email-change.js';
import { loadAccount } from './account.js';
import { readAvatarUpload } from './avatar-upload.js';
import {
  calendarLink,
  createCalendarLink,
  feedOwner,
  revokeCalendarLink,
  saveCalendarSettings,
} from './calendar.js';
import { calendarFeed } from './calendar-feed.js';
import { deleteMyAccount } from './delete-my-account.js';
import { downloadMyData, myDataState, requestMyData } from './my-data.js';
import {
  changePassword,
  contactDataFor,
  countOnlineMembers,
  householdMembersOf,
  loadAvatar,
  saveAvatar,
  savePrivacy,
  updateAccount,
} from './service.js';

export function userHandlers(app: FastifyInstance): FeatureHandlers<typeof api.user> {
  const account = (auth: ReturnType<typeof authOf>) =>
    loadAccount(app.db, auth.user.appId, auth.user.id, auth.impersonatedBy);

  return {
    account: async (request) => account(authOf(request)),
    update: async (request) => {
      await updateAccount(app, tenantOf(request), authOf(request), request.body);
      return account(authOf(request));
    },
    cancelEmailChange: async (request) => {
      const auth = authOf(request);
      await cancelEmailChange(app.db, tenantOf(request), auth, auth.user.id);
      return account(auth);
    },
    changePassword: async (request, reply) => {
      await changePassword(app, authOf(request), request.body);
      return reply.code(204).send();
    },
    changeAvatar: async (request) => {
      const upload = await readAvatarUpload(request);
      await saveAvatar(app, userOf(request), upload.data, upload.mime);
      return account(authOf(request));
    },
    avatar: async (request, reply) => {
      const avatar = await loadAvatar(app, userOf(request));
      return reply
        .type(avatar.mime)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, no-cache')
        .send(avatar.data);
    },
    contactData: async (request) => contactDataFor(app, userOf(request), request.params.id),
    members: async (request) => householdMembersOf(app, userOf(request)),
    postPermissions: async (request) => {
      await savePrivacy(app, userOf(request), request.body);
      return account(authOf(request));
    },
    onlineMembers: async (request) => ({ count: await countOnlineMembers(app, tenantOf(request).appId) }),
    calendar: async (request) => calendarLink(app.db, userOf(request)),
    createCalendarLink: async (request) => {
      // The link is a lasting secret shown once: an Admin working as this member would take it away
      // with them, reading the member's chores and events unseen (decision 100).
      if (authOf(request).impersonatedBy !== null)
        throw new HttpError(
          403,
          'IMPERSONATION_FORBIDDEN',
          'Een agendalink maakt het lid zelf, niet wie als dat lid werkt.',
        );
      return createCalendarLink(app, userOf(request));
    },
    revokeCalendarLink: async (request) => revokeCalendarLink(app.db, userOf(request)),
    calendarSettings: async (request) => saveCalendarSettings(app.db, userOf(request), request.body),
    calendarFeed: async (request, reply) => {
      const tenant = tenantOf(request);
      const owner = await feedOwner(app.db, tenant.appId, request.params.file);
      if (!owner) throw new HttpError(404, 'NOT_FOUND');
      const text = await calendarFeed(app, tenant, owner);
      // A renewed link or a changed chore shows at the next fetch: nothing keeps an old copy (decision 100).
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Disposition', 'inline; filename="agenda.ics"')
        .send(text);
    },
    myData: async (request) => myDataState(app.db, authOf(request)),
    requestMyData: async (request) => requestMyData(app, authOf(request)),
    downloadMyData: async (request, reply) => {
      const { data, readyAt } = await downloadMyData(app.db, authOf(request), request.params.id);
      const day = readyAt.toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', `attachment; filename="mijn-gegevens-${day}.zip"`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
    deleteMyAccount: async (request, reply) => {
      await deleteMyAccount(app, tenantOf(request), authOf(request), request.body);
      return reply.code(204).send();
    },
  };
}
