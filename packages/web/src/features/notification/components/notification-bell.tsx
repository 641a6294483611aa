import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';

/**
 * The bell's icon with the unread badge, and its accessible name ("Meldingen, 3 ongelezen"). The
 * layout puts it in its header link to /notifications.
 */
export function useNotificationBell(enabled: boolean) {
  const { t } = useTranslation('notifications');
  const count = useUnreadCount({ enabled }).data?.count ?? 0;
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  const icon = (
    <Indicator
      label={count > 99 ? '99+' : count}
      size={18}
      color="red"
      offset={4}
      disabled={count === 0}
      inline
      aria-hidden
    >
      <IconBell size={28} stroke={1.6} aria-hidden />
    </Indicator>
  );
  return { label, icon, count };
}
