import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const bankManager = { role: 'BankManager' } as const;

/**
 * The BankManager's screens (decision 077), spread into the router before the not-found route: the bank
 * (summary and transactions), one transaction, its edit form (modal) and a member's payments.
 */
export const bankManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.bank.list.path,
    lazy: async () => ({ Component: (await import('./manager-bank')).ManagerBankRoute }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankManager:titles.list',
    }),
  },
  {
    path: paths.manager.bank.detail.path,
    lazy: async () => ({
      Component: (await import('./manager-bank-transaction')).ManagerBankTransactionRoute,
    }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankManager:titles.detail',
    }),
  },
  {
    path: paths.manager.bank.edit.path,
    lazy: async () => ({
      Component: (await import('./manager-bank-transaction-edit')).ManagerBankTransactionEditRoute,
    }),
    handle: handle({ access: bankManager, layout: 'modal', titleKey: 'bankManager:titles.edit' }),
  },
  {
    path: paths.manager.bank.user.path,
    lazy: async () => ({ Component: (await import('./manager-bank-user')).ManagerBankUserRoute }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankManager:titles.user',
    }),
  },
  // The header's back button goes up one path level (`…/Transactions/detail/5` → `…/Transactions/detail`)
  // and the modal's close does so when opened directly: those levels lead back to the bank. No handle:
  // nothing is shown here, the bank screen checks the role.
  ...[
    '/applicationManager/bank/Transactions',
    '/applicationManager/bank/Transactions/detail',
    '/applicationManager/bank/Transactions/edit',
    '/applicationManager/bank/user',
  ].map((path) => ({
    path,
    element: <Navigate to={paths.manager.bank.list.getHref()} replace />,
  })),
];
