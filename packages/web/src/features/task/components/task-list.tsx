import { Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useOpenTasks } from '../api/get-open-tasks';
import { EmptyState } from '../../../components/empty-state';
import { TaskCard } from './task-card';

/** The open chores, the first to start first (`GET Task/true`). */
export function TaskList({ hrefOf }: { hrefOf: (id: number) => string }) {
  const { t } = useTranslation('tasks');
  const query = useOpenTasks();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const tasks = feedItems(query.data, (task) => task.id);
  if (tasks.length === 0) {
    return <EmptyState icon={IconChecklist} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  }
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('list.intro')}</Text>
      {tasks.map((task) => (
        <TaskCard key={task.id} task={task} to={hrefOf(task.id)} />
      ))}
      <LoadMore query={query} shown={tasks.length} />
    </Stack>
  );
}
