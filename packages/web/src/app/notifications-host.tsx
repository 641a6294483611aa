import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The container (with its transitions) is a chunk of its own, fetched when the first notification is
// shown: most first visits show none, and the store (`notifications.show`) is tiny (decision 045).
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Mantine's notifications, mounted once there is something to show and kept afterwards. */
export function NotificationsHost() {
  const state = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (state.notifications.length > 0 || state.queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" zIndex={1000} />
    </Suspense>
  );
}
