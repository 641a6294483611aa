import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/** The BankManager's internal bank, spread into the router before the not-found route. */
export const internalBankRouteObjects: RouteObject[] = [
  {
    path: paths.manager.internalBank.path,
    lazy: async () => ({ Component: (await import('./manager-internal-bank')).InternalBankRoute }),
    handle: handle({
      access: { role: 'BankManager' },
      layout: 'applicationManager',
      titleKey: 'internalBank:titles.bank',
    }),
  },
];
