import { useAppInfo } from '../../../features/info/api/get-app-info';
import { LogoForm } from '../../../features/settings/components/logo-form';

/** /applicationManager/settings/UpdateLogo */
export function SettingsLogoRoute() {
  const info = useAppInfo();
  return <LogoForm logoUrl={info?.logoUrl ?? null} appName={info?.appName ?? ''} />;
}
