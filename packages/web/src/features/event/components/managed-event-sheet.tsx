import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconLock, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { ManagedAttendance, ManagedEventDetail } from '@pluk/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useErrorText } from '../../../lib/form';
import {
  useCloseEvent,
  useDeleteEvent,
  useHandleAttendance,
  useManagedAttendances,
  useManagedEvent,
} from '../api/manage-events';
import { useTotalsText } from './attendance-sheet';
import { usePlacesLine } from './places';
import { formatMoment, formatWhen } from '../../../lib/dates';
import { AttendanceStatusBadge } from '../../../components/status/status-badges';

const toast = (message: string) =>
  notifications.show({ color: 'brand', icon: <IconCheck size={18} />, message });

function AttendanceRow({ attendance }: { attendance: ManagedAttendance }) {
  const { t } = useTranslation('events');
  const errorText = useErrorText();
  const handle = useHandleAttendance();
  const name = `${attendance.firstName} ${attendance.lastName}`;
  const decide = (decision: 'confirm' | 'refuse') =>
    handle.mutate(
      { attendanceId: attendance.id, decision },
      {
        onSuccess: () =>
          toast(
            decision === 'confirm'
              ? t('manager.confirmedToast', { name })
              : t('manager.refusedToast', { name }),
          ),
      },
    );
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div className="pluk-wrap">
            <Text fw={600}>{name}</Text>
            {attendance.guests > 0 && (
              <Text size="sm" c="dimmed">
                {t('sheet.plusGuests', { count: attendance.guests })}
              </Text>
            )}
          </div>
          <AttendanceStatusBadge status={attendance.status} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('manager.signedUpAt', { date: formatMoment(attendance.signedUpAt) })}
        </Text>
        <Group gap="xs" grow maw={440}>
          {attendance.status !== 'confirmed' && (
            <Button
              size="sm"
              leftSection={<IconCheck size={16} aria-hidden />}
              aria-label={t('manager.confirmPerson', { name })}
              loading={handle.isPending && handle.variables?.decision === 'confirm'}
              disabled={handle.isPending}
              onClick={() => decide('confirm')}
            >
              {t('manager.confirm')}
            </Button>
          )}
          {attendance.status !== 'refused' && (
            <Button
              size="sm"
              variant="outline"
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              aria-label={t('manager.refusePerson', { name })}
              loading={handle.isPending && handle.variables?.decision === 'refuse'}
              disabled={handle.isPending}
              onClick={() => decide('refuse')}
            >
              {t('manager.refuse')}
            </Button>
          )}
        </Group>
        {handle.isError && <FormError>{errorText(handle.error)}</FormError>}
      </Stack>
    </Card>
  );
}

/** Every sign-up of the event, a page at a time, each with confirm and refuse. */
function AttendanceList({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const query = useManagedAttendances(eventId);
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.isFetchNextPageError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const attendances = feedItems(query.data, (attendance) => attendance.id);
  if (attendances.length === 0) return <Text c="dimmed">{t('manager.noAttendances')}</Text>;
  return (
    <>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {attendances.map((attendance) => (
          <AttendanceRow key={attendance.id} attendance={attendance} />
        ))}
      </Stack>
      <LoadMore query={query} shown={attendances.length} />
    </>
  );
}

function SheetActions({
  event,
  editHref,
  onDeleted,
}: {
  event: ManagedEventDetail;
  editHref: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('events');
  const close = useCloseEvent();
  const remove = useDeleteEvent();
  return (
    <>
      <Group gap="xs" wrap="wrap">
        <Button
          component={Link}
          to={editHref}
          variant="light"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('manager.edit')}
        </Button>
        {!event.isClosed && (
          <ConfirmActionButton
            variant="light"
            color="gray"
            leftSection={<IconLock size={18} aria-hidden />}
            confirm={{
              title: t('manager.closeTitle'),
              text: t('manager.closeText', { title: event.title }),
              confirmLabel: t('manager.closeConfirm'),
              mutation: close,
              variables: event.id,
              success: t('manager.closedToast', { title: event.title }),
              successIcon: <IconCheck size={18} />,
            }}
          >
            {t('manager.close')}
          </ConfirmActionButton>
        )}
        <ConfirmActionButton
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('manager.deleteTitle'),
            text: t('manager.deleteText', { title: event.title }),
            consequences: {
              gone: t('manager.deleteGone', { title: event.title }),
              instead: t('manager.deleteInstead', { title: event.title }),
            },
            confirmLabel: t('manager.deleteConfirm'),
            color: 'red',
            mutation: remove,
            variables: event.id,
            success: t('manager.deletedToast', { title: event.title }),
            successIcon: <IconCheck size={18} />,
            onDone: onDeleted,
          }}
        >
          {t('manager.delete')}
        </ConfirmActionButton>
      </Group>
    </>
  );
}

/** The manager's attendance sheet: the event, every sign-up with confirm/refuse, close, edit, delete. */
export function ManagedEventSheet({
  id,
  editHref,
  onDeleted,
}: {
  id: number;
  editHref: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('events');
  const placesLine = usePlacesLine();
  const totalsText = useTotalsText();
  const query = useManagedEvent(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const event = query.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Title order={2} size="h3" className="pluk-wrap">
            {event.title}
          </Title>
          <Text>{formatWhen(event.startDate, event.endDate)}</Text>
          {event.location && <Text className="pluk-wrap">{event.location}</Text>}
          <Text>{placesLine(event)}</Text>
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
      </Paper>
      <SheetActions event={event} editHref={editHref} onDeleted={onDeleted} />
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4">
          {t('manager.attendances')}
        </Title>
        <Text size="sm" c="dimmed">
          {totalsText(event.totals)}
        </Text>
      </Group>
      <AttendanceList eventId={event.id} />
    </Stack>
  );
}
