import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appColorsQueryOptions } from '../../features/info/api/get-app-colors';
import { appInfoQueryOptions } from '../../features/info/api/get-app-info';
import { useLogout } from '../../features/auth/api/logout';
import { accountQueryOptions } from '../../features/user/api/get-account';
import { discardEarlyResponses } from '../../lib/early-requests';
import { isApiError } from '../../lib/errors';
import { useAppStore } from '../../lib/store';

export type BootStatus = 'loading' | 'update' | 'ready';

/**
 * Start-up of product-spec §2 and §4: app info (with its colours), then the account when a token
 * exists, then the app. No answer at all → the update screen; E001 → notification and logout;
 * any other failure is only logged and the app starts anyway.
 */
export function useBoot(): BootStatus {
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation();
  const logout = useLogout();
  const [status, setStatus] = useState<BootStatus>('loading');

  useEffect(() => {
    let cancelled = false;
    async function boot(): Promise<BootStatus> {
      const colors = queryClient.fetchQuery(appColorsQueryOptions()).catch((error: unknown) => {
        console.error('Pluk: loading the app colours failed', error);
      });
      // The account is asked at the same time as the app info, not after it: one round trip less
      // before the first screen (decision 045). Its answer is only awaited once the info is in.
      const account = useAppStore.getState().auth.loggedIn
        ? queryClient.fetchQuery(accountQueryOptions()).then(
            () => undefined,
            (error: unknown) => error,
          )
        : undefined;
      try {
        const info = await queryClient.fetchQuery(appInfoQueryOptions());
        if (i18n.language !== info.localeVariant) await i18n.changeLanguage(info.localeVariant);
      } catch (error) {
        if (isApiError(error) && error.isNetworkError) return 'update';
        if (isApiError(error) && error.code === 'E001') {
          notifications.show({ color: 'red', message: t('boot.appMissing'), autoClose: false });
          await logout();
          return 'ready';
        }
        console.error('Pluk: loading the app info failed', error);
      }
      await colors;
      if (account && useAppStore.getState().auth.loggedIn) {
        const error = await account;
        if (error !== undefined) console.error('Pluk: loading the account failed', error);
      }
      return 'ready';
    }
    void boot().then((next) => {
      discardEarlyResponses();
      if (!cancelled) setStatus(next);
    });
    return () => {
      cancelled = true;
    };
    // Start-up runs once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return status;
}
