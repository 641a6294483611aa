import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const eventManager = { role: 'EventManager' } as const;

/** The `events` screens (member and manager), spread into the router before the not-found route. */
export const eventRouteObjects: RouteObject[] = [
  {
    path: paths.events.path,
    lazy: async () => ({ Component: (await import('./events-list')).EventsListRoute }),
    handle: handle({ titleKey: 'events:titles.list' }),
  },
  {
    path: paths.event.path,
    lazy: async () => ({ Component: (await import('./event-detail')).EventDetailRoute }),
    handle: handle({ titleKey: 'events:titles.detail' }),
  },
  {
    path: paths.manager.events.list.path,
    lazy: async () => ({ Component: (await import('./manager-events')).ManagerEventsRoute }),
    handle: handle({ access: eventManager, layout: 'applicationManager', titleKey: 'events:titles.manager' }),
  },
  {
    path: paths.manager.events.create.path,
    lazy: async () => ({ Component: (await import('./manager-event-form')).ManagerEventNewRoute }),
    handle: handle({ access: eventManager, layout: 'modal', titleKey: 'events:titles.create' }),
  },
  {
    path: paths.manager.events.edit.path,
    lazy: async () => ({ Component: (await import('./manager-event-form')).ManagerEventEditRoute }),
    handle: handle({ access: eventManager, layout: 'modal', titleKey: 'events:titles.edit' }),
  },
  {
    path: paths.manager.events.detail.path,
    lazy: async () => ({ Component: (await import('./manager-event-detail')).ManagerEventDetailRoute }),
    handle: handle({ access: eventManager, layout: 'applicationManager', titleKey: 'events:titles.sheet' }),
  },
];
