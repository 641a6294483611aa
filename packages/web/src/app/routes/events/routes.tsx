import type { RouteObject } from 'react-router';

/** The `events` screens (member and manager), spread into the router before the not-found route. */
export const eventRouteObjects: RouteObject[] = [];
