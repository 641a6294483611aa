import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type Notification } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function setNotificationRead(id: number, isRead: boolean): Promise<Notification> {
  return apiRequest(notificationRoutes.setRead, { params: { id, isRead: String(isRead) } });
}

export function setAllNotificationsRead(): Promise<{ count: number }> {
  return apiRequest(notificationRoutes.setAllRead);
}

export function deleteNotification(id: number): Promise<null> {
  return apiRequest(notificationRoutes.remove, { params: { id } });
}

/** Every change refreshes the inbox and the header badge. */
function useInvalidateNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
}

export function useSetNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: ({ id, isRead }: { id: number; isRead: boolean }) => setNotificationRead(id, isRead),
    onSuccess: invalidate,
  });
}

export function useSetAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({ mutationFn: setAllNotificationsRead, onSuccess: invalidate });
}

export function useDeleteNotification() {
  const invalidate = useInvalidateNotifications();
  return useMutation({ mutationFn: deleteNotification, onSuccess: invalidate });
}
