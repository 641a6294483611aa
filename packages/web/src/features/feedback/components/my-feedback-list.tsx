import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { Feedback } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useMyFeedback } from '../api/my-feedback';
import { formatMoment } from '../../../lib/dates';

function FeedbackCard({ item }: { item: Feedback }) {
  const { t } = useTranslation('feedback');
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap">
            {item.subject || t('mine.noSubject')}
          </Text>
          <Badge color={item.isHandled ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {item.isHandled ? t('mine.handled') : t('mine.waiting')}
          </Badge>
        </Group>
        <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
          {item.message}
        </Text>
        <Text size="xs" c="dimmed">
          {t('mine.sentOn', { date: formatMoment(item.createdAt) })}
        </Text>
        {item.isHandled && (
          <Card radius="sm" padding="sm" bg="var(--mantine-color-default-hover)">
            <Text size="sm" fw={600}>
              {t('mine.answer')}
            </Text>
            <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
              {item.answer ?? t('mine.noAnswer')}
            </Text>
          </Card>
        )}
      </Stack>
    </Card>
  );
}

/** My earlier feedback with the farm's answers, newest first, a page at a time. */
export function MyFeedbackList() {
  const { t } = useTranslation('feedback');
  const query = useMyFeedback();
  const items = feedItems(query.data, (item) => item.id);
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('mine.title')}
      </Title>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !query.isFetchNextPageError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={IconMessageCircle} title={t('mine.emptyTitle')} text={t('mine.emptyText')} />
      ) : (
        <>
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => (
              <FeedbackCard key={item.id} item={item} />
            ))}
          </Stack>
          <LoadMore query={query} shown={items.length} />
        </>
      )}
    </Stack>
  );
}
