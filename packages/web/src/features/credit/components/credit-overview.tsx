import { Button, Card, Group, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import type { CreditEntry } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { formatCalendarDay, formatDate } from '../../../lib/dates';
import { useMyCredits } from '../api/get-my-credits';

function EntryTitle({ entry, hrefOf }: { entry: CreditEntry; hrefOf: (taskId: number) => string }) {
  return entry.taskId === null ? (
    <>{entry.taskTitle}</>
  ) : (
    <Text
      component={Link}
      to={hrefOf(entry.taskId)}
      c="inherit"
      td="underline"
      inherit
      // The whole row height is the tap target (44 px), not just the underlined words.
      style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
    >
      {entry.taskTitle}
    </Text>
  );
}

/** My credits of this harvest year: the total, and each confirmed chore with its date and credits. */
export function CreditOverview({
  hrefOf,
  tasksHref,
}: {
  hrefOf: (taskId: number) => string;
  tasksHref: string;
}) {
  const { t } = useTranslation('tasks');
  const query = useMyCredits();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const credits = query.data;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconStar size={28} aria-hidden />
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4">
              {t('credits.harvestYear', { year: credits.harvestYear })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('credits.period', {
                from: formatCalendarDay(credits.startsOn),
                to: formatCalendarDay(credits.endsOn),
              })}
            </Text>
            <Text mt="xs">
              {t('credits.total')}:{' '}
              <Text span fw={700} data-testid="credits-total">
                {t('credits.totalValue', { count: credits.total })}
              </Text>
            </Text>
            {credits.required !== null && (
              <Text size="sm">{t('credits.required', { count: credits.required })}</Text>
            )}
          </Stack>
        </Group>
      </Card>
      {credits.entries.length === 0 ? (
        <Stack align="center" py="md" gap="sm" ta="center">
          <Text fw={600}>{t('credits.emptyTitle')}</Text>
          <Text c="dimmed">{t('credits.emptyText')}</Text>
          <Button component={Link} to={tasksHref} variant="light">
            {t('credits.toTasks')}
          </Button>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={0} type="native">
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('credits.columns.date')}</Table.Th>
                <Table.Th>{t('credits.columns.task')}</Table.Th>
                <Table.Th ta="right">{t('credits.columns.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {credits.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td className="pluk-nowrap">{formatDate(entry.date)}</Table.Td>
                  <Table.Td className="pluk-wrap">
                    <EntryTitle entry={entry} hrefOf={hrefOf} />
                  </Table.Td>
                  <Table.Td ta="right" className="pluk-nowrap">
                    {entry.amount}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
