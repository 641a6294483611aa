import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/** The RequestManager's screen (every request, moderation), spread into the router before the not-found route. */
export const requestManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.requests.path,
    lazy: async () => ({ Component: (await import('./manager-requests')).ManagerRequestsRoute }),
    handle: handle({
      access: { role: 'RequestManager' },
      layout: 'applicationManager',
      titleKey: 'requestManager:titles.list',
    }),
  },
];
