import { Card, Group, Stack, Text } from '@mantine/core';
import type { TaskSummary } from '@pluk/contract';
import { Link } from 'react-router';
import { TaskFacts } from './task-facts';
import { ChoreStatusBadge } from '../../../components/status/status-badges';

/** A chore in a list: a link to its detail with title, date, place, places left, credits and my state. */
export function TaskCard({ task, to }: { task: TaskSummary; to: string }) {
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap">
            {task.title}
          </Text>
          {task.myStatus && <ChoreStatusBadge status={task.myStatus} />}
        </Group>
        <TaskFacts task={task} />
      </Stack>
    </Card>
  );
}
