import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const handle = (value: RouteHandle) => value;
const productManager = { role: 'ProductManager' } as const;

/**
 * The ProductManager's screens (list and detail), spread into the router before the not-found route.
 * The offer form (`paths.manager.products.create` / `.edit`) belongs to the market screens.
 */
export const productManagerRouteObjects: RouteObject[] = [
  {
    path: paths.manager.products.list.path,
    lazy: async () => ({ Component: (await import('./manager-products')).ManagerProductsRoute }),
    handle: handle({
      access: productManager,
      layout: 'applicationManager',
      titleKey: 'productManager:titles.list',
    }),
  },
  {
    path: paths.manager.products.detail.path,
    lazy: async () => ({ Component: (await import('./manager-product-detail')).ManagerProductDetailRoute }),
    handle: handle({
      access: productManager,
      layout: 'applicationManager',
      titleKey: 'productManager:titles.detail',
    }),
  },
  {
    path: paths.manager.products.reservations.path,
    lazy: async () => ({ Component: (await import('./manager-reservations')).ManagerReservationsRoute }),
    handle: handle({
      access: productManager,
      layout: 'applicationManager',
      titleKey: 'productManager:titles.reservations',
    }),
  },
];
