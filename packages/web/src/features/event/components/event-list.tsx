import { Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { EventSummary } from '@pluk/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { useAttendanceStatusLabel } from '../../../components/status/status-badges';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { upcomingEventsQuery, useEvents } from '../api/events';
import { EventBadges } from './event-badges';
import { closedState, usePlacesText } from './places';
import { formatWhen } from '../../../lib/dates';

function EventCard({ event, href }: { event: EventSummary; href: string }) {
  const { t } = useTranslation('events');
  const attendanceLabel = useAttendanceStatusLabel();
  const placesText = usePlacesText();
  return (
    <Card component={Link} to={href} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} size="lg" className="pluk-wrap">
            {event.title}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconClock size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm">{formatWhen(event.startDate, event.endDate)}</Text>
        </Group>
        {event.location && (
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" className="pluk-wrap">
              {event.location}
            </Text>
          </Group>
        )}
        {closedState(event) === null && (
          <Group gap={8} wrap="nowrap">
            <IconUsers size={18} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{placesText(event)}</Text>
          </Group>
        )}
        <EventBadges event={event} />
        {event.myAttendance && event.myAttendance.guests > 0 && (
          <Text size="xs" c="dimmed">
            {t('list.myState', {
              state: `${attendanceLabel(event.myAttendance.status)} ${t('list.guests', { count: event.myAttendance.guests })}`,
            })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /events: the events that have not ended, soonest first, as cards; closed ones are marked. */
export function EventList({ hrefOf }: { hrefOf: (id: number) => string }) {
  const { t } = useTranslation('events');
  const [page, setPage] = useState(0);
  const query = useEvents(upcomingEventsQuery(page));

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total, pageSize } = query.data;
  if (total === 0) {
    return <EmptyState icon={IconCalendarEvent} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  }
  const pages = Math.ceil(total / pageSize);
  return (
    <Stack gap="sm" py="xs">
      {items.map((event) => (
        <EventCard key={event.id} event={event} href={hrefOf(event.id)} />
      ))}
      {pages > 1 && (
        <Pagination
          value={page + 1}
          onChange={(value) => setPage(value - 1)}
          total={pages}
          size="lg"
          mx="auto"
        />
      )}
    </Stack>
  );
}
