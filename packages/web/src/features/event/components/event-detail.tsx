import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin, IconUsers } from '@tabler/icons-react';
import type { EventDetail as EventDetailData } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useOptimisticOver } from '../../../lib/use-optimistic-over';
import { useEvent } from '../api/events';
import { AttendanceSheet } from './attendance-sheet';
import { EventBadges } from './event-badges';
import { usePlacesLine } from './places';
import { formatWhen } from '../../../lib/dates';
import { SignUpPanel } from './sign-up-panel';

/** The facts of an event: title, state, when, where, places and the description. */
export function EventFacts({ event }: { event: EventDetailData }) {
  const { t } = useTranslation('events');
  const placesLine = usePlacesLine();
  return (
    <Stack gap="sm">
      <Title order={2} className="pluk-wrap">
        {event.title}
      </Title>
      <EventBadges event={event} />
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconClock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text>{formatWhen(event.startDate, event.endDate)}</Text>
      </Group>
      {event.location && (
        <Group gap={8} wrap="nowrap" align="flex-start">
          <IconMapPin size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text className="pluk-wrap">{event.location}</Text>
        </Group>
      )}
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconUsers size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text>{placesLine(event)}</Text>
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('detail.description')}>
        {event.description ? (
          <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
            {event.description}
          </Text>
        ) : (
          <Text c="dimmed">{t('detail.noDescription')}</Text>
        )}
      </Paper>
    </Stack>
  );
}

/** One event for a member: the facts, signing up (guests, change, cancel) and the attendance sheet. */
export function EventDetailView({ id }: { id: number }) {
  const query = useEvent(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <EventDetailLoaded saved={query.data} />;
}

/** A sign-up not answered yet; the server gives the real id. */
export const pendingAttendanceId = -1;

/**
 * The event as it is once my sign-up with `guests` is done, shown while the server answers (decision
 * 088): a new sign-up waits for a manager (as the server makes it), and takes one place and a place per
 * guest.
 */
function withMySignUp(event: EventDetailData, guests: number): EventDetailData {
  if (event.myAttendance) return event;
  const places = 1 + guests;
  return {
    ...event,
    myAttendance: { id: pendingAttendanceId, status: 'waiting', guests },
    placesTaken: event.placesTaken + places,
    placesLeft: event.placesLeft === null ? null : Math.max(0, event.placesLeft - places),
  };
}

/** The sign-up shows at once, in the panel and the places line (`useOptimistic`, decision 088). */
function EventDetailLoaded({ saved }: { saved: EventDetailData }) {
  const [event, showSignedUp] = useOptimisticOver(saved, withMySignUp);
  return (
    <Stack gap="md" py="xs">
      <EventFacts event={event} />
      <SignUpPanel event={event} onSigningUp={showSignedUp} />
      <AttendanceSheet eventId={event.id} totals={event.totals} />
    </Stack>
  );
}
