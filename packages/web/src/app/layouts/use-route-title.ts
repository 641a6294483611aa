import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { currentHandle, titleKeyOf } from '../route-handle';

/** The header title of the current route, in the app's locale variant. */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const info = useAppInfo();
  const handle = currentHandle(useMatches());
  const key = titleKeyOf(handle, info?.localeVariant === 'nl-be-cooperative');
  return key ? t(key as 'titles.home') : '';
}
