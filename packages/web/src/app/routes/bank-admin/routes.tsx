import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const bankManager = { role: 'BankManager' } as const;

/**
 * The bank's administration screens (decisions 076 and 077), spread into the router before the not-found route: the
 * BankManager's yearly run, payment e-mails and bank file import; the ApplicationManager's Mollie
 * connection and the farm's bank account.
 */
export const bankAdminRouteObjects: RouteObject[] = [
  {
    path: paths.manager.bankYearly.path,
    lazy: async () => ({ Component: (await import('./manager-bank-yearly')).ManagerBankYearlyRoute }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankAdmin:titles.yearly',
    }),
  },
  {
    path: paths.manager.bankEmails.path,
    lazy: async () => ({ Component: (await import('./manager-bank-emails')).ManagerBankEmailsRoute }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankAdmin:titles.emails',
    }),
  },
  {
    path: paths.manager.bankImport.path,
    lazy: async () => ({ Component: (await import('./manager-bank-import')).ManagerBankImportRoute }),
    handle: handle({
      access: bankManager,
      layout: 'applicationManager',
      titleKey: 'bankAdmin:titles.import',
    }),
  },
  {
    path: paths.manager.mollie.path,
    lazy: async () => ({ Component: (await import('./manager-mollie')).ManagerMollieRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'bankAdmin:titles.mollie',
    }),
  },
  {
    path: paths.manager.bankSettings.path,
    lazy: async () => ({ Component: (await import('./manager-bank-settings')).ManagerBankSettingsRoute }),
    handle: handle({
      access: 'applicationManager',
      layout: 'applicationManager',
      titleKey: 'bankAdmin:titles.settings',
    }),
  },
];
