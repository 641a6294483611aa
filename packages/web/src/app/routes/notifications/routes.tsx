import type { RouteObject } from 'react-router';

/** The `notifications` screens (member and manager), spread into the router before the not-found route. */
export const notificationRouteObjects: RouteObject[] = [];
