import { Badge, Group, Text } from '@mantine/core';
import { IconCalendarEvent, IconMapPin, IconStar, IconUsers } from '@tabler/icons-react';
import type { TaskSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../lib/dates';

type TaskFactsInput = Pick<
  TaskSummary,
  'startsAt' | 'endsAt' | 'location' | 'placesLeft' | 'isFull' | 'creditsPerPerson' | 'isClosed' | 'hasEnded'
>;

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
          <Text size="sm">
            {task.isFull ? t('card.full') : t('card.placesLeft', { count: task.placesLeft })}
          </Text>
        </Group>
        {task.creditsPerPerson > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconStar size={18} aria-hidden />
            <Text size="sm">{t('card.credits', { count: task.creditsPerPerson })}</Text>
          </Group>
        )}
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
      </Group>
    </>
  );
}
