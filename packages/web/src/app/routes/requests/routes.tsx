import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/** The `requests` screens, spread into the router before the not-found route. */
export const requestRouteObjects: RouteObject[] = [
  {
    path: paths.requests.path,
    lazy: async () => ({ Component: (await import('./requests-list')).RequestsListRoute }),
    handle: handle({ titleKey: 'requests:titles.list' }),
  },
  {
    path: paths.requestNew.path,
    lazy: async () => ({ Component: (await import('./request-new')).RequestNewRoute }),
    handle: handle({ layout: 'modal', titleKey: 'requests:titles.new' }),
  },
  {
    path: paths.request.path,
    lazy: async () => ({ Component: (await import('./request-detail')).RequestDetailRoute }),
    handle: handle({ titleKey: 'requests:titles.detail' }),
  },
  {
    path: paths.requestEdit.path,
    lazy: async () => ({ Component: (await import('./request-edit')).RequestEditRoute }),
    handle: handle({ layout: 'modal', titleKey: 'requests:titles.edit' }),
  },
  {
    path: paths.account.requests.path,
    lazy: async () => ({ Component: (await import('./account-requests')).AccountRequestsRoute }),
    handle: handle({
      layout: 'detail',
      titleKey: 'requests:titles.mine',
      backTo: paths.account.root.getHref(),
    }),
  },
];
