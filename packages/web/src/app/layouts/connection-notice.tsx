import { Button } from '@mantine/core';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '../../lib/dates';
import { isApiError } from '../../lib/errors';
import classes from './layouts.module.css';

const isNetworkError = (error: unknown) => isApiError(error) && error.isNetworkError;

/**
 * Whether the server stopped answering: a query or mutation failed without a response (or the
 * browser went offline); the next answer that does arrive (or going online) clears it.
 */
export function useConnectionLost(queryClient: QueryClient): [boolean, (lost: boolean) => void] {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const onQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      // A screen already left may still be retrying in the background: only what is shown counts.
      if (action.type !== 'success' && event.query.getObserversCount() === 0) return;
      // 'failed' is an attempt that will be retried: say so at once rather than after the retries.
      if (action.type === 'failed' && isNetworkError(action.error)) setLost(true);
      if (action.type === 'error' && isNetworkError(action.error)) setLost(true);
      if (action.type === 'success') setLost(false);
    });
    const onMutation = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'error' && isNetworkError(event.action.error)) setLost(true);
      if (event.action.type === 'success') setLost(false);
    });
    const offline = () => setLost(true);
    window.addEventListener('offline', offline);
    return () => {
      onQuery();
      onMutation();
      window.removeEventListener('offline', offline);
    };
  }, [queryClient]);
  return [lost, setLost];
}

const isOnline = () => onlineManager.isOnline();

/** Whether the browser has a network, as TanStack Query knows it (its queries pause without one). */
export function useOnline(): boolean {
  return useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), isOnline, () => true);
}

/**
 * When the oldest answer on screen was fetched (ms), or null when nothing is shown from an answer. The
 * farm's own info (`['info', …]`: its name, colours) is not the member's data and does not count.
 */
export function oldestAnswerShown(queryClient: QueryClient): number | null {
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.queryKey[0] === 'info' || query.getObserversCount() === 0) continue;
    const at = query.state.dataUpdatedAt;
    if (query.state.data === undefined || at === 0) continue;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest;
}

/** `oldestAnswerShown`, kept up to date while `watch` is true. */
function useOldestAnswerShown(queryClient: QueryClient, watch: boolean): number | null {
  const [oldest, setOldest] = useState<number | null>(null);
  useEffect(() => {
    if (!watch) return;
    const update = () => setOldest(oldestAnswerShown(queryClient));
    update();
    // The cache also speaks while another component renders (a query made by its `useQuery`): read after.
    return queryClient.getQueryCache().subscribe(() => queueMicrotask(update));
  }, [queryClient, watch]);
  return oldest;
}

/**
 * Offline (decision 102): what the screen shows are the answers kept from before, and the bar says so,
 * with when they date from; politely, as a status (it is no error of the member's). Nothing to retry.
 */
function OfflineNotice({ dataAt }: { dataAt: number | null }) {
  const { t } = useTranslation();
  return (
    <div className={classes.connection} role="status">
      <IconWifiOff size={20} aria-hidden style={{ flexShrink: 0 }} />
      <span className={classes.connectionText}>
        {dataAt === null
          ? t('connection.offline')
          : t('connection.offlineSince', { moment: formatMoment(new Date(dataAt)) })}
      </span>
    </div>
  );
}

/**
 * A bar under the header while the server is unreachable mid-session: what is on screen stays, with a
 * clear Dutch message and a retry that asks everything on screen again.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lost, setLost] = useConnectionLost(queryClient);
  const [retrying, setRetrying] = useState(false);
  const online = useOnline();
  const dataAt = useOldestAnswerShown(queryClient, !online);
  if (!online) return <OfflineNotice dataAt={dataAt} />;
  if (!lost) return null;

  const retry = () => {
    setRetrying(true);
    void queryClient
      .refetchQueries({ type: 'active' }, { throwOnError: true })
      .then(
        () => setLost(false),
        () => setLost(true),
      )
      .finally(() => setRetrying(false));
  };

  return (
    <div className={classes.connection} role="alert">
      <IconWifiOff size={20} aria-hidden style={{ flexShrink: 0 }} />
      <span className={classes.connectionText}>{t('connection.lost')}</span>
      <Button
        size="sm"
        color="dark"
        variant="white"
        loading={retrying}
        onClick={retry}
        style={{ flexShrink: 0 }}
      >
        {t('actions.retry')}
      </Button>
    </div>
  );
}
