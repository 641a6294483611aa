import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type UnreadCount } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

/** How often the header asks for the unread count while the app is open. */
export const unreadPollMs = 60_000;

export function getUnreadCount(): Promise<UnreadCount> {
  return apiRequest(api.notification.unreadCount);
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unreadCount'],
    queryFn: getUnreadCount,
    refetchInterval: unreadPollMs,
    refetchOnWindowFocus: 'always',
    staleTime: 10_000,
  });

/** The header badge: polled every minute and whenever the app comes back into focus. */
export function useUnreadCount(options: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: options.enabled ?? true });
}
