import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/** The Admin's texts (decision 083), spread into the router before the not-found route. */
export const translationManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.translations.path,
    lazy: async () => ({ Component: (await import('./manager-translations')).ManagerTranslationsRoute }),
    handle: handle({ access: 'admin', layout: 'applicationManager', titleKey: 'translation:titles.list' }),
  },
];
