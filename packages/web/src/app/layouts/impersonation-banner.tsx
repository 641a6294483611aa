import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../lib/store';
import classes from './layouts.module.css';

/** Shown on every layout while an Admin acts as another user. */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const impersonating = useAppStore((state) => state.admin.impersonating);
  const stopImpersonating = useAppStore((state) => state.stopImpersonating);
  const queryClient = useQueryClient();
  if (!impersonating) return null;

  const stop = () => {
    stopImpersonating();
    // Everything cached was answered for the other user.
    void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'info' });
  };

  return (
    <div className={classes.banner} role="status">
      <span className="pluk-wrap">{t('impersonation.banner', { name: impersonating.displayName })}</span>
      <Button size="sm" color="dark" variant="filled" onClick={stop}>
        {t('impersonation.stop')}
      </Button>
    </div>
  );
}
