import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const productManager = { role: 'ProductManager' } as const;

/**
 * The `market` screens, spread into the router before the not-found route: the member market, my
 * orders, and the ProductManager's create and edit forms (the same offer form; the manager list and
 * detail live in product-manager/routes.tsx).
 */
export const marketRouteObjects: RouteObject[] = [
  {
    path: paths.market.path,
    lazy: async () => ({ Component: (await import('./market-list')).MarketListRoute }),
    handle: handle({ titleKey: 'market:titles.list' }),
  },
  {
    path: paths.marketNew.path,
    lazy: async () => ({ Component: (await import('./offer-form-routes')).OfferNewRoute }),
    handle: handle({ layout: 'modal', titleKey: 'market:titles.new' }),
  },
  {
    path: paths.marketOffer.path,
    lazy: async () => ({ Component: (await import('./offer-detail')).OfferDetailRoute }),
    handle: handle({ titleKey: 'market:titles.detail' }),
  },
  {
    path: paths.marketEdit.path,
    lazy: async () => ({ Component: (await import('./offer-form-routes')).OfferEditRoute }),
    handle: handle({ layout: 'modal', titleKey: 'market:titles.edit' }),
  },
  {
    path: paths.marketConfirmPaid.path,
    lazy: async () => ({ Component: (await import('./confirm-paid')).ConfirmPaidRoute }),
    handle: handle({ titleKey: 'market:titles.confirmPaid' }),
  },
  {
    path: paths.account.market.path,
    lazy: async () => ({ Component: (await import('./account-market')).AccountMarketRoute }),
    handle: handle({ titleKey: 'market:titles.orders' }),
  },
  {
    path: paths.manager.products.create.path,
    lazy: async () => ({ Component: (await import('./offer-form-routes')).ManagerOfferNewRoute }),
    handle: handle({ access: productManager, layout: 'modal', titleKey: 'market:titles.managerNew' }),
  },
  {
    path: paths.manager.products.edit.path,
    lazy: async () => ({ Component: (await import('./offer-form-routes')).ManagerOfferEditRoute }),
    handle: handle({ access: productManager, layout: 'modal', titleKey: 'market:titles.managerEdit' }),
  },
];
