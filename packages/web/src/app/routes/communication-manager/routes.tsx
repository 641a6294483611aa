import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The e-mail screens (decision 082), spread into the router before the not-found route: the
 * communication page (its parts per role: PostManager mails members, PlukManager the pluk mail,
 * ApplicationManager the e-mail log), the templates (ApplicationManager) and SMTP (Admin).
 */
export const communicationManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.communication.home.path,
    lazy: async () => ({ Component: (await import('./manager-communication')).ManagerCommunicationRoute }),
    handle: handle({
      access: 'manager',
      layout: 'applicationManager',
      titleKey: 'communication:titles.communication',
    }),
  },
  {
    path: paths.manager.settings.emails.path,
    lazy: async () => ({ Component: (await import('./manager-email-templates')).ManagerEmailTemplatesRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'communication:titles.templates',
    }),
  },
  {
    path: paths.manager.settings.smtp.path,
    lazy: async () => ({ Component: (await import('./manager-smtp')).ManagerSmtpRoute }),
    handle: handle({
      access: 'admin',
      layout: 'applicationManager',
      titleKey: 'communication:titles.smtp',
    }),
  },
];
