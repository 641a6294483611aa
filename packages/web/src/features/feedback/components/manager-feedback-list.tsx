import { Badge, Button, Card, Group, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import { feedbackLimits, type ManagedFeedback } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useErrorText } from '../../../lib/form';
import { useAppFeedback, useHandleFeedback, useWaitingFeedbackCount } from '../api/app-feedback';
import { formatMoment } from '../../../lib/dates';

function senderName(item: ManagedFeedback, fallback: string): string {
  return item.user ? `${item.user.firstName} ${item.user.lastName}` : fallback;
}

function HandleForm({ item }: { item: ManagedFeedback }) {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const handle = useHandleFeedback();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = senderName(item, t('manager.unknownSender'));
  return (
    <Stack gap="xs">
      <Textarea
        label={t('manager.answer', { name })}
        description={t('manager.answerHelp')}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={feedbackLimits.answerMax}
        value={answer}
        error={error}
        onChange={(event) => setAnswer(event.currentTarget.value)}
      />
      <Button
        loading={handle.isPending}
        onClick={() =>
          handle.mutate(
            { id: item.id, answer: answer.trim() || null },
            {
              onSuccess: () => toasts.show({ color: 'green', message: t('manager.handled') }),
              onError: (failure) => setError(errorText(failure)),
            },
          )
        }
      >
        {t('manager.handle')}
      </Button>
    </Stack>
  );
}

function ManagedFeedbackCard({ item }: { item: ManagedFeedback }) {
  const { t } = useTranslation('feedback');
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div className="pluk-wrap">
            <Text fw={600}>{item.subject || t('mine.noSubject')}</Text>
            <Text size="sm" c="dimmed">
              {t('manager.from', { name: senderName(item, t('manager.unknownSender')) })}
              {item.user ? ` · ${item.user.email}` : ''}
            </Text>
          </div>
          <Badge color={item.isHandled ? 'green' : 'orange'} variant="light" style={{ flexShrink: 0 }}>
            {item.isHandled ? t('mine.handled') : t('mine.waiting')}
          </Badge>
        </Group>
        <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
          {item.message}
        </Text>
        <Text size="xs" c="dimmed">
          {t('mine.sentOn', { date: formatMoment(item.createdAt) })}
        </Text>
        {item.isHandled ? (
          <Card radius="sm" padding="sm" bg="var(--mantine-color-default-hover)">
            <Text size="xs" c="dimmed">
              {item.handledAt ? t('manager.handledOn', { date: formatMoment(item.handledAt) }) : null}
            </Text>
            <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
              {item.answer ?? t('mine.noAnswer')}
            </Text>
          </Card>
        ) : (
          <HandleForm item={item} />
        )}
      </Stack>
    </Card>
  );
}

/** All feedback of the app for managers: unhandled first, a page at a time; answer and mark handled. */
export function ManagerFeedbackList() {
  const { t } = useTranslation('feedback');
  // `?status=open`: only what nobody answered yet (the to-do list's link, decision 092).
  const [params, setParams] = useSearchParams();
  const onlyOpen = params.get('status') === 'open';
  const setOnlyOpen = (next: boolean) => setParams(next ? { status: 'open' } : {}, { replace: true });
  const query = useAppFeedback(onlyOpen);
  const waiting = useWaitingFeedbackCount().data;
  const openSwitch = (
    <Switch
      size="md"
      label={t('manager.onlyOpen')}
      checked={onlyOpen}
      onChange={(event) => setOnlyOpen(event.currentTarget.checked)}
    />
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.isFetchNextPageError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Handling one moves it behind the waiting ones: it may come back on a later page, so once only.
  const items = feedItems(query.data, (item) => item.id);
  if (items.length === 0) {
    return (
      <Stack gap="md" maw={720}>
        {openSwitch}
        <EmptyState
          icon={IconMessageCircle}
          title={t(onlyOpen ? 'manager.noneOpenTitle' : 'manager.emptyTitle')}
          text={t(onlyOpen ? 'manager.noneOpenText' : 'manager.emptyText')}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      {openSwitch}
      {waiting !== undefined && <Text c="dimmed">{t('manager.count', { count: waiting })}</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <ManagedFeedbackCard key={item.id} item={item} />
        ))}
      </Stack>
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}
