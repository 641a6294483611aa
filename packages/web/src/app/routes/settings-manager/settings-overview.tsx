import { OverviewScreen } from '../../../features/settings/components/overview-form';

/** /applicationManager/settings/Overview */
export function SettingsOverviewRoute() {
  return <OverviewScreen />;
}
