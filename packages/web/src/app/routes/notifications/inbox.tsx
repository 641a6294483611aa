import { Stack } from '@mantine/core';
import { NotificationInbox } from '../../../features/notification/components/notification-inbox';
import { PushToggle } from '../../../features/notification/components/push-toggle';

/** /notifications: the inbox, and whether this device gets them as push. */
export function NotificationsRoute() {
  return (
    <Stack gap="lg" py="md">
      <PushToggle />
      <NotificationInbox />
    </Stack>
  );
}
