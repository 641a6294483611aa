import { SettingList } from '../../../features/settings/components/setting-list';

/** /applicationManager/settings/advanced (Admin): every key but the secrets. */
export function SettingsAdvancedRoute() {
  return <SettingList scope="admin" />;
}
