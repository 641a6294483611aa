import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { ManagedEvent } from '@pluk/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitingManagerList } from '../../../components/waiting-manager-list';
import { useManagedEvents } from '../api/manage-events';
import { usePlacesLine } from './places';
import { formatWhen } from '../../../lib/dates';

function ManagedEventCard({ event, href }: { event: ManagedEvent; href: string }) {
  const { t } = useTranslation('events');
  const placesLine = usePlacesLine();
  return (
    <Card component={Link} to={href} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} className="pluk-wrap">
            {event.title}
          </Text>
          {event.waitingCount > 0 && (
            <Badge color="blue" variant="filled" style={{ flexShrink: 0 }} aria-hidden>
              {event.waitingCount}
            </Badge>
          )}
        </Group>
        <Text size="sm">{formatWhen(event.startDate, event.endDate)}</Text>
        {event.location && (
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {event.location}
          </Text>
        )}
        <Text size="sm">{placesLine(event)}</Text>
        <Text size="sm" c="dimmed">
          {t('manager.counts', {
            waiting: event.waitingCount,
            confirmed: event.confirmedCount,
            refused: event.refusedCount,
          })}
        </Text>
        <Group gap={6}>
          {event.hasEnded && (
            <Badge color="gray" variant="light">
              {t('status.ended')}
            </Badge>
          )}
          {event.isClosed && (
            <Badge color="gray" variant="light">
              {t('status.closed')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Every event of the farm for an EventManager, newest start first, with a button for a new one. */
export function ManagedEventList({ newHref, hrefOf }: { newHref: string; hrefOf: (id: number) => string }) {
  const { t } = useTranslation('events');
  return (
    <Stack gap="sm">
      <WaitingManagerList
        useItems={useManagedEvents}
        text={(key) => t(`manager.${key}`)}
        icon={IconCalendarEvent}
        newHref={newHref}
      >
        {(events) =>
          events.map((event) => <ManagedEventCard key={event.id} event={event} href={hrefOf(event.id)} />)
        }
      </WaitingManagerList>
    </Stack>
  );
}
