import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;

/**
 * The member's side of the bank (decision 077), spread into the router before the not-found route: one
 * transaction's payment page and the page Mollie sends the browser back to. Both open without a login
 * (docs/product/money.md, "Euros"): the e-mail link must work on any device.
 */
export const bankMemberRouteObjects: RouteObject[] = [
  {
    path: paths.bank.payment.path,
    lazy: async () => ({ Component: (await import('./payment')).PaymentRoute }),
    handle: handle({ access: 'public', layout: 'detail', titleKey: 'bank:titles.payment' }),
  },
  {
    path: paths.bank.paymentReturn.path,
    lazy: async () => ({ Component: (await import('./payment-return')).PaymentReturnRoute }),
    handle: handle({ access: 'public', layout: 'detail', titleKey: 'bank:titles.paymentReturn' }),
  },
  {
    path: paths.bank.paymentReturnOf.path,
    lazy: async () => ({ Component: (await import('./payment-return')).PaymentReturnRoute }),
    handle: handle({ access: 'public', layout: 'detail', titleKey: 'bank:titles.paymentReturn' }),
  },
];
