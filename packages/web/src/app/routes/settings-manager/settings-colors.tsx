import { useAppInfo } from '../../../features/info/api/get-app-info';
import { ColorsScreen } from '../../../features/settings/components/colors-form';

/** /applicationManager/settings/Colors (the preview shows the app's name in its header). */
export function SettingsColorsRoute() {
  return <ColorsScreen appName={useAppInfo()?.appName ?? ''} />;
}
