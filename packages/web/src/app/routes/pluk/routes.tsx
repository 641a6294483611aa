import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The member's harvest screens (decision 074), spread into the router before the not-found route: the
 * harvest of the moment, one crop's detail, one of my subscriptions, and my membership.
 */
export const plukRouteObjects: RouteObject[] = [
  {
    path: paths.pluk.path,
    lazy: async () => ({ Component: (await import('./pluk-list')).PlukListRoute }),
    handle: handle({ titleKey: 'pluk:titles.list', cooperativeTitleKey: 'pluk:titles.listCooperative' }),
  },
  {
    path: paths.plukDetail.path,
    lazy: async () => ({ Component: (await import('./pluk-detail')).PlukDetailRoute }),
    handle: handle({ titleKey: 'pluk:titles.detail', cooperativeTitleKey: 'pluk:titles.detailCooperative' }),
  },
  {
    path: paths.plukSubscription.path,
    lazy: async () => ({ Component: (await import('./my-subscription')).MySubscriptionRoute }),
    handle: handle({ titleKey: 'subscription:titles.mine' }),
  },
  {
    path: paths.account.membership.path,
    lazy: async () => ({
      Component: (await import('../account/account-membership')).AccountMembershipRoute,
    }),
    handle: handle({
      layout: 'detail',
      titleKey: 'subscription:titles.membership',
      backTo: paths.account.root.getHref(),
    }),
  },
];
