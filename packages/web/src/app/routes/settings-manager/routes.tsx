import type { RouteObject } from 'react-router';
import { paths } from '../../paths';
import type { RouteHandle } from '../../route-handle';

const settings = paths.manager.settings;

/** A settings screen in the manager layout: the ApplicationManager's, or (advanced) the Admin's. */
const screen = (
  path: string,
  titleKey: string,
  load: () => Promise<{ Component: () => React.JSX.Element }>,
  access: RouteHandle['access'] = 'applicationManager',
): RouteObject => ({
  path,
  lazy: load,
  handle: { access, layout: 'applicationManager', titleKey } satisfies RouteHandle,
});

/**
 * Settings and branding (decision 081), spread into the router before the not-found route: the home with
 * the ApplicationManager's key/value settings, the overview, colours, logo and membership texts, and
 * the Admin's advanced settings. E-mails, SMTP, actions and new apps are other slices' screens.
 */
export const settingsManagerRouteObjects: RouteObject[] = [
  screen(settings.home.path, 'settings:titles.home', async () => ({
    Component: (await import('./settings-home')).SettingsHomeRoute,
  })),
  screen(settings.overview.path, 'settings:titles.overview', async () => ({
    Component: (await import('./settings-overview')).SettingsOverviewRoute,
  })),
  screen(settings.colors.path, 'settings:titles.colors', async () => ({
    Component: (await import('./settings-colors')).SettingsColorsRoute,
  })),
  screen(settings.logo.path, 'settings:titles.logo', async () => ({
    Component: (await import('./settings-logo')).SettingsLogoRoute,
  })),
  screen(settings.membership.path, 'settings:titles.membership', async () => ({
    Component: (await import('./settings-membership')).SettingsMembershipRoute,
  })),
  screen(
    settings.advanced.path,
    'settings:titles.advanced',
    async () => ({ Component: (await import('./settings-advanced')).SettingsAdvancedRoute }),
    'admin',
  ),
];
