import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The bulk actions and the Admin's actions (decision 084), spread into the router before the not-found
 * route: the administration-actions page any manager opens (it lists what their roles allow), and the
 * Admin's actions and new-farm form.
 */
export const adminActionsRouteObjects: RouteObject[] = [
  {
    path: paths.manager.administrationActions.path,
    lazy: async () => ({
      Component: (await import('./administration-actions')).AdministrationActionsRoute,
    }),
    handle: handle({
      access: 'manager',
      layout: 'applicationManager',
      titleKey: 'admin:titles.administrationActions',
    }),
  },
  {
    path: paths.manager.settings.actions.path,
    lazy: async () => ({ Component: (await import('./admin-actions')).AdminActionsRoute }),
    handle: handle({ access: 'admin', layout: 'applicationManager', titleKey: 'admin:titles.actions' }),
  },
  {
    path: paths.manager.settings.createNewApp.path,
    lazy: async () => ({ Component: (await import('./create-new-app')).CreateNewAppRoute }),
    handle: handle({ access: 'admin', layout: 'applicationManager', titleKey: 'admin:titles.createNewApp' }),
  },
];
