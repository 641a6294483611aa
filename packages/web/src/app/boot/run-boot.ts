import {
  onlineManager,
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { notifications } from '@mantine/notifications';
import { appColorsQueryOptions } from '../../features/info/api/get-app-colors';
import { appInfoQueryOptions } from '../../features/info/api/get-app-info';
import { applyTextOverrides } from '../../features/translation/api/get-overrides';
import { accountQueryOptions } from '../../features/user/api/get-account';
import { translationKeys } from '../../features/translation/api/keys';
import { ApiError, isApiError } from '../../lib/errors';
import { useAppStore } from '../../lib/store';

/**
 * `fetchQuery`, but offline (decision 102) the answer kept from before, or at once the error of no
 * network when none is kept: a query asked offline would wait for the network, and start-up with it.
 */
function askOrKept<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<T> {
  if (onlineManager.isOnline()) return queryClient.fetchQuery(options);
  const kept = queryClient.getQueryData<T>(options.queryKey);
  return kept !== undefined
    ? Promise.resolve(kept)
    : Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: '' }));
}

export type BootStatus = 'loading' | 'update' | 'ready';

export interface BootDeps {
  queryClient: QueryClient;
  i18n: I18n;
  /** Ends the session (E001: the farm does not exist). */
  logout: () => Promise<void>;
}

/**
 * Start-up (docs/product/settings-and-farms.md, "Start-up"): app info (with its colours), then the account
 * when a token exists, then the app. No answer at all → the update screen; E001 → notification and logout;
 * any other failure is only logged and the app starts anyway. Plain code, not a hook, so `main.tsx` can run
 * it before the first render (decision 069) and `useBoot` when the app is rendered without it.
 */
export async function runBoot({
  queryClient,
  i18n,
  logout,
}: BootDeps): Promise<Exclude<BootStatus, 'loading'>> {
  const colors = askOrKept(queryClient, appColorsQueryOptions()).catch((error: unknown) => {
    console.error('Pluk: loading the app colours failed', error);
  });
  // The account is asked at the same time as the app info, not after it: one round trip less
  // before the first screen (decision 045). Its answer is only awaited once the info is in.
  const account = useAppStore.getState().auth.loggedIn
    ? askOrKept(queryClient, accountQueryOptions()).then(
        () => undefined,
        (error: unknown) => error,
      )
    : undefined;
  let texts: Promise<void> | undefined;
  try {
    const info = await askOrKept(queryClient, appInfoQueryOptions());
    // The farm's own texts (decision 083), only when it has some: in place before the first render.
    // Offline only when kept, else the bundled texts.
    const textsReachable =
      onlineManager.isOnline() ||
      (info.translationsVersion !== null &&
        queryClient.getQueryData(translationKeys.overrides(info.translationsVersion)) !== undefined);
    if (info.translationsVersion !== null && textsReachable)
      texts = applyTextOverrides(queryClient, info.translationsVersion).catch((error: unknown) => {
        console.error('Pluk: loading the farm’s texts failed', error);
      });
    if (i18n.language !== info.localeVariant) await i18n.changeLanguage(info.localeVariant);
  } catch (error) {
    if (isApiError(error) && error.isNetworkError) return 'update';
    if (isApiError(error) && error.code === 'E001') {
      // Mantine's notification store keeps it until the host is mounted.
      notifications.show({ color: 'red', message: i18n.t('boot.appMissing'), autoClose: false });
      await logout();
      return 'ready';
    }
    console.error('Pluk: loading the app info failed', error);
  }
  await colors;
  await texts;
  if (account && useAppStore.getState().auth.loggedIn) {
    const error = await account;
    if (error !== undefined) console.error('Pluk: loading the account failed', error);
  }
  return 'ready';
}
