import { Badge, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { emailLogStatusSchema, type EmailLogStatus } from '@pluk/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { feedItems } from '../../../lib/feed-pages';
import { useEmailLog } from '../api/get-email-log';

const statusColor: Record<EmailLogStatus, string> = { sent: 'brand', not_sent: 'orange', failed: 'red' };

/** Every e-mail the farm sent or recorded (to, subject, status, time), by status and a search. */
export function EmailLog() {
  const { t } = useTranslation('communication');
  // `?status=failed` opens the log on the failed e-mails (the to-do list's link, decision 092).
  const [params] = useSearchParams();
  const [status, setStatus] = useState<EmailLogStatus | null>(() => {
    const asked = emailLogStatusSchema.safeParse(params.get('status'));
    return asked.success ? asked.data : null;
  });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useEmailLog({ status, search: debounced });
  const items = feedItems(query.data, (item) => item.id);
  return (
    <Stack gap="sm">
      {/* Side by side from a small tablet on; stacked on a phone, also at 200 % text (1.4.10). */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label={t('log.status')}
          data={[
            { value: '', label: t('log.allStatuses') },
            ...emailLogStatusSchema.options.map((value) => ({ value, label: t(`log.statuses.${value}`) })),
          ]}
          value={status ?? ''}
          onChange={(value) => setStatus(value ? (value as EmailLogStatus) : null)}
          allowDeselect={false}
          size="md"
        />
        <TextInput
          label={t('log.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          size="md"
        />
      </SimpleGrid>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('log.empty')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={320}>
            <Table striped verticalSpacing="xs">
              <Table.Caption>{t('log.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('log.to')}</Table.Th>
                  <Table.Th scope="col">{t('log.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} className="pluk-wrap">
                        {entry.to}
                      </Text>
                      <Text size="sm" className="pluk-wrap">
                        {entry.subject}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={statusColor[entry.status]} variant="light">
                        {t(`log.statuses.${entry.status}`)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {formatMoment(entry.createdAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore query={query} shown={items.length} />
        </>
      )}
    </Stack>
  );
}
