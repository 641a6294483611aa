import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Mailing } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailRecipients } from '../../../components/email-recipients';
import { EmailRoundProgress } from '../../../components/email-round-progress';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { feedItems } from '../../../lib/feed-pages';
import { useMailing } from '../api/get-mailing';
import { useMailings } from '../api/get-mailings';

function Recipients({ id }: { id: number }) {
  const query = useMailing(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <EmailRecipients recipients={query.data.recipientList} />;
}

function MailingCard({ mailing }: { mailing: Mailing }) {
  const { t } = useTranslation('communication');
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <EmailRoundProgress
          round={mailing}
          title={t('mailings.title', { subject: mailing.subject, date: formatMoment(mailing.createdAt) })}
          noRecipientsText={t('mailings.noRecipients')}
          noSettingsText={t('mailings.noSettings')}
        />
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {t('mailings.for', { audience: mailing.audienceLabel })}
          {mailing.createdBy ? ` · ${t('mailings.by', { name: mailing.createdBy })}` : ''}
        </Text>
        <Group>
          <Button variant="subtle" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? t('mailings.hideRecipients') : t('mailings.showRecipients')}
          </Button>
        </Group>
        {open && <Recipients id={mailing.id} />}
      </Stack>
    </Card>
  );
}

/** The mailings, newest first, with their progress (polled while e-mails wait) and their recipients. */
export function MailingList() {
  const { t } = useTranslation('communication');
  const query = useMailings();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, (item) => item.id);
  if (items.length === 0) return <Text c="dimmed">{t('mailings.empty')}</Text>;
  return (
    <Stack gap="sm">
      {items.map((mailing) => (
        <MailingCard key={mailing.id} mailing={mailing} />
      ))}
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}
