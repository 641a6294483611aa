import { Group, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconStar, IconUsers } from '@tabler/icons-react';
import type { TaskSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../lib/dates';

type TaskFactsInput = Pick<
  TaskSummary,
  | 'startsAt'
  | 'endsAt'
  | 'location'
  | 'placesLeft'
  | 'isFull'
  | 'creditsPerPerson'
  | 'isClosed'
  | 'hasStarted'
  | 'hasEnded'
>;

/**
 * Places left while the chore can still be taken; once it is closed, over or under way, its state
 * instead: nobody can take those places any more.
 */
function placesText(task: TaskFactsInput, t: ReturnType<typeof useTranslation<'tasks'>>['t']): string {
  if (task.isClosed) return t('card.closed');
  if (task.hasEnded) return t('card.ended');
  if (task.hasStarted) return t('card.started');
  return task.isFull ? t('card.full') : t('card.placesLeft', { count: task.placesLeft });
}

/** When, where, places left and credits of a chore, one line each. */
export function TaskFacts({ task }: { task: TaskFactsInput }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCalendarEvent size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" className="pluk-wrap">
          {formatWhen(task.startsAt, task.endsAt)}
        </Text>
      </Group>
      {task.location && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" className="pluk-wrap">
            {task.location}
          </Text>
        </Group>
      )}
      <Group gap="xs">
        <Group gap={6} wrap="nowrap">
          <IconUsers size={18} aria-hidden />
          <Text size="sm">{placesText(task, t)}</Text>
        </Group>
        {task.creditsPerPerson > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconStar size={18} aria-hidden />
            <Text size="sm">{t('card.credits', { count: task.creditsPerPerson })}</Text>
          </Group>
        )}
      </Group>
    </>
  );
}
