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
export function useConnectionLost(queryClient: QueryClient): boolean {
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const onQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'error' && isNetworkError(event.action.error)) setLost(true);
      if (event.action.type === 'success') setLost(false);
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
  return lost;
}

/**
 * A bar under the header while the server is unreachable mid-session: what is on screen stays, with a
 * clear Dutch message and a retry that asks everything on screen again.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const lost = useConnectionLost(queryClient);
  const [retrying, setRetrying] = useState(false);
  if (!lost) return null;

  const retry = () => {
    setRetrying(true);
    void queryClient.refetchQueries({ type: 'active' }).finally(() => setRetrying(false));
  };

  return (
    <div className={classes.connection} role="alert">
      <IconWifiOff size={20} aria-hidden />
      <span className={classes.connectionText}>{t('connection.lost')}</span>
      <Button size="sm" color="dark" variant="white" loading={retrying} onClick={retry}>
        {t('actions.retry')}
      </Button>
    </div>
  );
}
