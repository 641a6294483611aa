import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';

/** The notification every settings screen shows once something is saved. */
export function showSaved(message: string) {
  notifications.show({ color: 'brand', icon: <IconCheck size={18} aria-hidden />, message });
}
