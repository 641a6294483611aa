import type { RouteObject } from 'react-router';

/** The `product-manager` screens, spread into the router before the not-found route (issue 8 fills this in). */
export const productManagerRouteObjects: RouteObject[] = [];
