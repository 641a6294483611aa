import type { RouteObject } from 'react-router';

/** The `requests` screens, spread into the router before the not-found route (issue 8 fills this in). */
export const requestRouteObjects: RouteObject[] = [];
