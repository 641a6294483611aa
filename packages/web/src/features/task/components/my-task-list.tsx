import { Button, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { useMyTasks } from '../api/get-my-tasks';
import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/dates';
import { TaskCard } from './task-card';

/** My assignments with their chore and state (`GET user/tasks`). */
export function MyTaskList({ hrefOf, tasksHref }: { hrefOf: (id: number) => string; tasksHref: string }) {
  const { t } = useTranslation('tasks');
  const query = useMyTasks();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={IconChecklist}
        title={t('mine.emptyTitle')}
        text={t('mine.emptyText')}
        action={
          <Button component={Link} to={tasksHref} variant="light">
            {t('mine.toTasks')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      {query.data.map((mine) => (
        <Stack key={mine.assignmentId} gap={2}>
          <TaskCard task={mine.task} to={hrefOf(mine.task.id)} />
          <Text size="xs" c="dimmed" px="xs">
            {t('mine.takenOn', { date: formatDate(mine.takenAt) })}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
