import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { appInfoQueryOptions } from '../../features/info/api/get-app-info';
import { applyTextOverrides } from '../../features/translation/api/get-overrides';

/** How long the app waits before asking again whether the farm's texts changed. */
export const textsCheckIntervalMs = 60_000;

/**
 * A member whose app stays open gets the farm's changed texts (decision 083): when the app comes back
 * into view, at most once a minute, it asks `GET info` again and, when its `translationsVersion` changed,
 * the overrides, and redraws the screen with them. Start-up puts them in place for every new start.
 */
export function useFollowTexts(): void {
  const queryClient = useQueryClient();
  // Taken while rendering, not in the effect: Preact runs effects after the next paint, and the minute
  // counts from the start the app really made.
  const [mountedAt] = useState(() => Date.now());
  useEffect(() => {
    let last = mountedAt;
    const check = () => {
      if (document.visibilityState !== 'visible' || Date.now() - last < textsCheckIntervalMs) return;
      last = Date.now();
      void queryClient
        .fetchQuery({ ...appInfoQueryOptions(), staleTime: 0 })
        .then((info) => applyTextOverrides(queryClient, info.translationsVersion, true))
        .catch(() => undefined);
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [queryClient, mountedAt]);
}
