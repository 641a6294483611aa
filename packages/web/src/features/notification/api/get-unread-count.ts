import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationRoutes } from '@pluk/contract';
import { screenQueryOptions } from '../../../lib/screen-query';

/** How often the header asks for the unread count while the app is open. */
export const unreadPollMs = 60_000;

export const unreadCountQueryOptions = () =>
  queryOptions({
    ...screenQueryOptions(['notifications', 'unreadCount'], notificationRoutes.unreadCount),
    refetchInterval: unreadPollMs,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });

/** The header badge: polled every minute and whenever the app comes back into focus. */
export function useUnreadCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: options.enabled ?? true });
}
