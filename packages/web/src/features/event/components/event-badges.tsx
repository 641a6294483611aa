import { Badge, Group } from '@mantine/core';
import type { EventSummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { AttendanceStatusBadge } from '../../../components/status/status-badges';

/** The state of an event and of my sign-up, as badges: ended, started, closed, full; my sign-up. */
export function EventBadges({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const badges: { key: string; label: string; color: string }[] = [];
  if (event.hasEnded) badges.push({ key: 'ended', label: t('status.ended'), color: 'gray' });
  else if (event.hasStarted) badges.push({ key: 'started', label: t('status.started'), color: 'grape' });
  if (event.isClosed && !event.hasEnded)
    badges.push({ key: 'closed', label: t('status.closed'), color: 'gray' });
  if (event.placesLeft === 0 && !event.hasEnded && !event.myAttendance)
    badges.push({ key: 'full', label: t('status.full'), color: 'orange' });
  if (badges.length === 0 && !event.myAttendance) return null;
  return (
    <Group gap={6}>
      {badges.map((badge) => (
        <Badge key={badge.key} color={badge.color} variant="light" size="md">
          {badge.label}
        </Badge>
      ))}
      {event.myAttendance && <AttendanceStatusBadge status={event.myAttendance.status} />}
    </Group>
  );
}
