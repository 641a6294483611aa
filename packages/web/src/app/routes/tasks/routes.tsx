import type { RouteObject } from 'react-router';

/** The `tasks` screens (member and manager), spread into the router before the not-found route. */
export const taskRouteObjects: RouteObject[] = [];
