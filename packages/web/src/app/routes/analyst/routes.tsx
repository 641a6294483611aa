import type { RouteObject } from 'react-router';
import type { ViewSlug } from '../../../features/analyst/views';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

/**
 * Analyst passes for Analyst and Admin only (docs/product/people-and-roles.md, "Roles"), like the server's
 * `passesRoleCheck`.
 */
const handle = (titleKey: string): RouteHandle => ({
  access: { role: 'Analyst' },
  layout: 'applicationManager',
  titleKey,
});

const screens: Record<ViewSlug, () => Promise<{ Component: () => React.JSX.Element }>> = {
  graph: async () => ({ Component: (await import('./analyst-view')).AnalystGraphRoute }),
  wallet: async () => ({ Component: (await import('./analyst-view')).AnalystWalletRoute }),
  event: async () => ({ Component: (await import('./analyst-view')).AnalystEventRoute }),
  request: async () => ({ Component: (await import('./analyst-view')).AnalystRequestRoute }),
  task: async () => ({ Component: (await import('./analyst-view')).AnalystTaskRoute }),
  product: async () => ({ Component: (await import('./analyst-view')).AnalystProductRoute }),
};

/**
 * The analyst's screens (decision 085), in the application-manager layout: the home with a tile per view,
 * and the six views (the charts load only with them).
 */
export const analystRouteObjects: RouteObject[] = [
  {
    path: paths.analyst.home.path,
    lazy: async () => ({ Component: (await import('./analyst-home')).AnalystHomeRoute }),
    handle: handle('analyst:titles.home'),
  },
  ...(Object.keys(screens) as ViewSlug[]).map((slug) => ({
    path: paths.analyst[slug].path,
    lazy: screens[slug],
    handle: handle(`analyst:titles.${slug}`),
  })),
];
