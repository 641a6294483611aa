import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/** The `wallet` screens, spread into the router before the not-found route. */
export const walletRouteObjects: RouteObject[] = [
  {
    path: paths.wallet.path,
    lazy: async () => ({ Component: (await import('./wallet')).WalletRoute }),
    handle: handle({ titleKey: 'wallet:titles.wallet' }),
  },
];
