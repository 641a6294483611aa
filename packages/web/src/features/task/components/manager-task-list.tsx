import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import type { ManagerTask } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { WaitingManagerList } from '../../../components/waiting-manager-list';
import { Link } from 'react-router';
import { useManagerTasks } from '../api/manager-tasks';
import { formatWhen } from '../../../lib/dates';

function ManagerTaskCard({ task, to }: { task: ManagerTask; to: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="pluk-wrap">
            {task.title}
          </Text>
          {task.waitingCount > 0 && (
            <Badge color="yellow" variant="filled" style={{ flexShrink: 0 }}>
              {task.waitingCount}
            </Badge>
          )}
        </Group>
        <Text size="sm" className="pluk-wrap">
          {formatWhen(task.startsAt, task.endsAt)}
        </Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('manager.counts', {
              waiting: task.waitingCount,
              confirmed: task.confirmedCount,
              count: task.places,
            })}
          </Text>
          {task.isClosed && (
            <Badge color="gray" variant="light">
              {t('card.closed')}
            </Badge>
          )}
          {!task.isClosed && task.hasEnded && (
            <Badge color="gray" variant="light">
              {t('card.ended')}
            </Badge>
          )}
          {!task.isClosed && !task.hasEnded && task.isFull && (
            <Badge color="orange" variant="light">
              {t('card.full')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Every chore of the farm for the TaskManager, with a button for a new one. */
export function ManagerTaskList({ hrefOf, newHref }: { hrefOf: (id: number) => string; newHref: string }) {
  const { t } = useTranslation('tasks');
  return (
    <Stack gap="sm">
      <WaitingManagerList
        useItems={useManagerTasks}
        text={(key) => t(`manager.${key}`)}
        icon={IconChecklist}
        newHref={newHref}
      >
        {(tasks) => tasks.map((task) => <ManagerTaskCard key={task.id} task={task} to={hrefOf(task.id)} />)}
      </WaitingManagerList>
    </Stack>
  );
}
