import type { RouteObject } from 'react-router';

/** The `posts` screens (member and manager), spread into the router before the not-found route. */
export const postRouteObjects: RouteObject[] = [];
