import { Button } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * A bar under the header while the server is unreachable mid-session: what is on screen stays, with a
 * clear Dutch message and a retry that asks everything on screen again.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lost, setLost] = useConnectionLost(queryClient);
  const [retrying, setRetrying] = useState(false);
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
