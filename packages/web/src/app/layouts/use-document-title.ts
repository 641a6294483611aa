import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../features/info/api/get-app-info';
import { useRouteTitle } from './use-route-title';

/**
 * The browser tab's title per screen, `{screen} | {app name}` (WCAG 2.4.2): the route's header
 * title and the farm's name, Pluk's name until the app info has arrived. The app-wide branding
 * (boot/branding.tsx) names the tab after the farm alone while nothing is routed yet and again
 * whenever the app info changes; on a routed screen the screen's title is put back.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const info = useAppInfo();
  const screen = useRouteTitle();
  const appName = info?.appName ?? t('productName');
  useEffect(() => {
    if (!screen) return;
    const wanted = t('screenDocumentTitle', { screen, appName });
    const apply = () => {
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [screen, appName, t]);
}
