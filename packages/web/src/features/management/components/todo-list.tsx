import { Badge, Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconCalendarEvent,
  IconChecklist,
  IconCircleCheck,
  IconClipboardList,
  IconFileImport,
  IconMailX,
  IconMessageCircle,
  IconReceiptEuro,
  IconShoppingCart,
  IconUserPlus,
  type Icon,
} from '@tabler/icons-react';
import type { TodoItem, TodoKey } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagement } from '../api/get-management';
import classes from './todo-list.module.css';

/** Where each item's filtered list is; the route hands these in (features never import the app's paths). */
export type TodoLinks = Record<TodoKey, (item: TodoItem) => string>;

const icons: Record<TodoKey, Icon> = {
  waitingMembers: IconUserPlus,
  overduePayments: IconReceiptEuro,
  bankLinesToMatch: IconFileImport,
  reservationsToHandle: IconShoppingCart,
  choresToConfirm: IconChecklist,
  signUpsToConfirm: IconCalendarEvent,
  feedbackUnanswered: IconMessageCircle,
  emailsFailed: IconMailX,
  questionnairesUnanswered: IconClipboardList,
};

function TodoRow({ item, to }: { item: TodoItem; to: string }) {
  const { t } = useTranslation('management');
  const ItemIcon = icons[item.key];
  return (
    <UnstyledButton component={Link} to={to} className={classes.row}>
      <Group wrap="nowrap" gap="sm" p="xs">
        {/* The icon only from a small tablet on: on a 320 px phone the words need the room. */}
        <ThemeIcon
          size={40}
          radius="md"
          variant="light"
          color={item.key === 'emailsFailed' ? 'red' : undefined}
          visibleFrom="xs"
        >
          <ItemIcon size={24} aria-hidden />
        </ThemeIcon>
        <Text fw={600} style={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
          {t(`todo.labels.${item.key}`)}
        </Text>
        <Badge
          size="xl"
          radius="sm"
          color={item.key === 'emailsFailed' ? 'red' : 'orange'}
          style={{ flexShrink: 0 }}
        >
          {item.count}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The staff's to-do list (decision 092): what waits for the caller's roles, with a count, each
 * a link to its list already filtered. Items with nothing waiting are left out; nothing at all says so.
 */
export function TodoList({ links }: { links: TodoLinks }) {
  const { t } = useTranslation('management');
  const query = useManagement();
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="todo-title">
      <Stack gap="xs">
        <Title order={2} size="h3" id="todo-title">
          {t('todo.title')}
        </Title>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <TodoItems items={query.data.todo} links={links} />
        )}
      </Stack>
    </Card>
  );
}

function TodoItems({ items, links }: { items: TodoItem[]; links: TodoLinks }) {
  const { t } = useTranslation('management');
  const waiting = items.filter((item) => item.count > 0);
  if (items.length === 0) return <Text c="dimmed">{t('todo.noneForRoles')}</Text>;
  if (waiting.length === 0) {
    return (
      <Group gap="xs" wrap="nowrap">
        <IconCircleCheck size={24} color="var(--mantine-color-green-7)" aria-hidden />
        <Text>{t('todo.allDone')}</Text>
      </Group>
    );
  }
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {waiting.map((item) => (
        <li key={item.key}>
          <TodoRow item={item} to={links[item.key](item)} />
        </li>
      ))}
    </Stack>
  );
}
