import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The inbox (/notifications), the member's feedback (/account/feedback) and the managers' feedback
 * screen, spread into the router before the not-found route.
 */
export const notificationRouteObjects: RouteObject[] = [
  {
    path: paths.notifications.path,
    lazy: async () => ({ Component: (await import('./inbox')).NotificationsRoute }),
    handle: handle({ titleKey: 'notifications:titles.inbox' }),
  },
  {
    path: paths.account.feedback.path,
    lazy: async () => ({ Component: (await import('./account-feedback')).AccountFeedbackRoute }),
    handle: handle({
      layout: 'detail',
      titleKey: 'feedback:titles.mine',
      backTo: paths.account.root.getHref(),
    }),
  },
  {
    path: paths.manager.feedback.path,
    lazy: async () => ({ Component: (await import('./manager-feedback')).ManagerFeedbackRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'feedback:titles.manager',
    }),
  },
];
