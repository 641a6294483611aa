import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The ApplicationManager's subscription screens (decision 074), spread into the router before the not-found
 * route: all subscriptions (this and next harvest year), one with its members and money, the form
 * (modal) and adding users (modal).
 */
export const subscriptionManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.subscriptions.list.path,
    lazy: async () => ({ Component: (await import('./manager-subscriptions')).ManagerSubscriptionsRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'subscription:titles.managerList',
    }),
  },
  {
    path: paths.manager.subscriptions.create.path,
    lazy: async () => ({
      Component: (await import('./manager-subscription-form')).ManagerSubscriptionNewRoute,
    }),
    handle: handle({
      access: 'applicationManager',
      layout: 'modal',
      titleKey: 'subscription:titles.managerNew',
    }),
  },
  {
    path: paths.manager.subscriptions.assign.path,
    lazy: async () => ({ Component: (await import('./manager-assign-users')).ManagerAssignUsersRoute }),
    handle: handle({ access: 'applicationManager', layout: 'modal', titleKey: 'subscription:titles.assign' }),
  },
  {
    path: paths.manager.subscriptions.edit.path,
    lazy: async () => ({
      Component: (await import('./manager-subscription-form')).ManagerSubscriptionEditRoute,
    }),
    handle: handle({
      access: 'applicationManager',
      layout: 'modal',
      titleKey: 'subscription:titles.managerEdit',
    }),
  },
  {
    path: paths.manager.subscriptions.detail.path,
    lazy: async () => ({
      Component: (await import('./manager-subscription-detail')).ManagerSubscriptionDetailRoute,
    }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'subscription:titles.managerDetail',
    }),
  },
];
