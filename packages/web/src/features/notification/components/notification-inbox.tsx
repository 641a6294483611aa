import { ActionIcon, Button, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import {
  IconBellOff,
  IconChecks,
  IconChevronLeft,
  IconChevronRight,
  IconMail,
  IconMailOpened,
  IconTrash,
} from '@tabler/icons-react';
import type { Notification } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import {
  useDeleteNotification,
  useSetAllNotificationsRead,
  useSetNotificationRead,
} from '../api/change-notifications';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import classes from './notification-inbox.module.css';
import { formatTimeAgo } from '../../../lib/dates';

function NotificationItem({ notification }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const setRead = useSetNotificationRead();
  const remove = useDeleteNotification();
  const fail = (error: unknown) => toasts.show({ color: 'red', message: errorText(error) });

  // Decision 091: a notification with a subject is a link to it, so the tap itself opens it (and a
  // long press offers what a link offers); reading it is marked on the way, and a failed mark only
  // means it is marked next time.
  const markRead = () => {
    if (!notification.isRead) setRead.mutate({ id: notification.id, isRead: true });
  };
  const open = () => {
    if (!notification.isRead) setRead.mutate({ id: notification.id, isRead: true }, { onError: fail });
  };

  const toggle = () =>
    setRead.mutate({ id: notification.id, isRead: !notification.isRead }, { onError: fail });

  const onDelete = () =>
    remove.mutate(notification.id, {
      onSuccess: () => toasts.show({ message: t('inbox.deleted') }),
      onError: fail,
    });

  const time = formatTimeAgo(notification.createdAt, t('time.justNow'));
  const content = (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="center">
        {!notification.isRead && <span className={classes.dot} aria-hidden />}
        <Text fw={notification.isRead ? 500 : 700} className="pluk-wrap">
          {!notification.isRead && <span className={classes.srOnly}>{t('inbox.unread')}: </span>}
          {notification.title}
        </Text>
      </Group>
      {notification.body && (
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {notification.body}
        </Text>
      )}
      <Group gap={4} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt}>
          {time}
        </Text>
        {notification.link && (
          <Text size="xs" fw={600} c="var(--mantine-primary-color-filled)" className={classes.openHint}>
            {t('inbox.open')}
            <IconChevronRight size={14} aria-hidden />
          </Text>
        )}
      </Group>
    </Stack>
  );
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      className={notification.isRead ? undefined : classes.unread}
      component="li"
    >
      <Group align="stretch" gap={0}>
        {notification.link ? (
          <UnstyledButton component={Link} to={notification.link} className={classes.open} onClick={markRead}>
            {content}
          </UnstyledButton>
        ) : (
          <UnstyledButton className={classes.open} onClick={open}>
            {content}
          </UnstyledButton>
        )}
        <Stack gap={0} justify="center" pr={4} className={classes.actions}>
          <ActionIcon
            variant="subtle"
            size={44}
            onClick={toggle}
            loading={setRead.isPending}
            aria-label={
              notification.isRead
                ? t('inbox.markUnread', { title: notification.title })
                : t('inbox.markRead', { title: notification.title })
            }
          >
            {notification.isRead ? (
              <IconMail size={22} aria-hidden />
            ) : (
              <IconMailOpened size={22} aria-hidden />
            )}
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            size={44}
            onClick={onDelete}
            loading={remove.isPending}
            aria-label={t('inbox.delete', { title: notification.title })}
          >
            <IconTrash size={22} aria-hidden />
          </ActionIcon>
        </Stack>
      </Group>
    </Card>
  );
}

/** /notifications: my inbox, newest first, 20 per page; tap one to read it and open its link. */
export function NotificationInbox() {
  const { t } = useTranslation('notifications');
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const query = useNotifications(page);
  const unread = useUnreadCount().data?.count ?? 0;
  const allRead = useSetAllNotificationsRead();

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total, pageSize } = query.data;
  if (total === 0) {
    return <EmptyState icon={IconBellOff} title={t('inbox.emptyTitle')} text={t('inbox.emptyText')} />;
  }

  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text c="dimmed" aria-live="polite">
          {t('inbox.unreadCount', { count: unread })}
        </Text>
        <Button
          variant="light"
          leftSection={<IconChecks size={18} aria-hidden />}
          disabled={unread === 0}
          loading={allRead.isPending}
          onClick={() =>
            allRead.mutate(undefined, {
              onSuccess: () => toasts.show({ color: 'green', message: t('inbox.allReadDone') }),
              onError: (error) => toasts.show({ color: 'red', message: errorText(error) }),
            })
          }
        >
          {t('inbox.markAllRead')}
        </Button>
      </Group>
      <Stack gap="sm" component="ul" className={classes.list}>
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} />
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconChevronLeft size={18} aria-hidden />}
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
          >
            {t('inbox.previous')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('inbox.page', { page: page + 1, pages })}
          </Text>
          <Button
            variant="subtle"
            rightSection={<IconChevronRight size={18} aria-hidden />}
            disabled={page + 1 >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('inbox.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
