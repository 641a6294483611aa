import { Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useOpenTasks } from '../api/get-open-tasks';
import { EmptyState } from '../../../components/empty-state';
import { TaskCard } from './task-card';

/** The open chores, the first to start first (`GET Task/true`). */
export function TaskList({ hrefOf }: { hrefOf: (id: number) => string }) {
  const { t } = useTranslation('tasks');
  const query = useOpenTasks();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return <EmptyState icon={IconChecklist} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  }
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t('list.intro')}</Text>
      {query.data.map((task) => (
        <TaskCard key={task.id} task={task} to={hrefOf(task.id)} />
      ))}
    </Stack>
  );
}
