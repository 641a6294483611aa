import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { EventTotals } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useAttendees } from '../api/events';
import { AttendanceStatusBadge } from '../../../components/status/status-badges';

/** "2 leden · 1 gast · 3 plaatsen". */
export function useTotalsText() {
  const { t } = useTranslation('events');
  return (totals: EventTotals) =>
    t('sheet.totals', {
      members: t('sheet.members', { count: totals.members }),
      guests: t('sheet.guests', { count: totals.guests }),
      places: t('sheet.places', { count: totals.places }),
    });
}

/**
 * Who comes (members signed up, waiting or confirmed), with their guests, a page at a time; the totals
 * come with the event and count the whole sheet.
 */
export function AttendanceSheet({ eventId, totals }: { eventId: number; totals: EventTotals }) {
  const { t } = useTranslation('events');
  const totalsText = useTotalsText();
  const query = useAttendees(eventId);
  // Sign-ups join at the end of the sheet, so the pages loaded so far never shift (ADR 050).
  const attendees = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="attendance-sheet-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="attendance-sheet-title">
            {t('sheet.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {totalsText(totals)}
          </Text>
        </Group>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError && !query.isFetchNextPageError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : attendees.length === 0 ? (
          <Text c="dimmed">{t('sheet.empty')}</Text>
        ) : (
          <List listStyleType="none" spacing="xs">
            {attendees.map((attendee, index) => (
              <List.Item key={`${attendee.firstName}-${attendee.lastName}-${index}`}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text className="pluk-wrap" fw={attendee.isMe ? 600 : undefined}>
                    {attendee.firstName} {attendee.lastName}
                    {attendee.isMe && ` (${t('sheet.me')})`}
                    {attendee.guests > 0 && (
                      <Text span c="dimmed" size="sm">
                        {' '}
                        {t('sheet.plusGuests', { count: attendee.guests })}
                      </Text>
                    )}
                  </Text>
                  <AttendanceStatusBadge status={attendee.status} />
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <LoadMore query={query} shown={attendees.length} />
      </Stack>
    </Paper>
  );
}
