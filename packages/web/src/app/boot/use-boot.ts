import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../features/auth/api/logout';
import { startUpDone } from '../../lib/early-requests';
import { runBoot, type BootStatus } from './run-boot';

export type { BootStatus } from './run-boot';

/**
 * The start-up's status. `done` is the outcome of a start-up `main.tsx` already ran before the first
 * render (decision 069); without it (tests, or an app rendered on its own) the start-up runs here,
 * with the plant loader meanwhile.
 */
export function useBoot(done?: Exclude<BootStatus, 'loading'>): BootStatus {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const logout = useLogout();
  const [status, setStatus] = useState<BootStatus>(done ?? 'loading');

  useEffect(() => {
    if (done) return;
    let cancelled = false;
    void runBoot({ queryClient, i18n, logout }).then((next) => {
      startUpDone();
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
