import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppColors } from '../../features/info/api/get-app-colors';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { defaultColors } from '../../lib/theme';

/** Document title `{appName} | Pluk` and the browser's theme colour, from the app info. */
export function DocumentBranding() {
  const info = useAppInfo();
  const colors = useAppColors() ?? defaultColors;
  const { t } = useTranslation();

  useEffect(() => {
    document.title = info ? t('documentTitle', { appName: info.appName }) : t('productName');
  }, [info, t]);

  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.appendChild(meta);
    }
    meta.content = colors.primary;
  }, [colors.primary]);

  return null;
}
