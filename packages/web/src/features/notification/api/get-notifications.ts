import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationRoutes, type NotificationPage } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export const inboxPageSize = 20;

export function getNotifications(page: number, pageSize = inboxPageSize): Promise<NotificationPage> {
  return apiRequest(notificationRoutes.list, { query: { page, pageSize } });
}

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['notifications', 'list', page],
    queryFn: () => getNotifications(page),
    placeholderData: keepPreviousData,
  });

/** One page (0-based) of my inbox, newest first. */
export function useNotifications(page: number) {
  return useQuery(notificationsQueryOptions(page));
}
