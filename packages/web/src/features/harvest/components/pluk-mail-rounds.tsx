import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PlukMailRound } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { EmailRecipients } from '../../../components/email-recipients';
import { EmailRoundProgress } from '../../../components/email-round-progress';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { usePlukMailRound, usePlukMailRounds } from '../api/pluk-mail';

function Recipients({ roundId }: { roundId: number }) {
  const query = usePlukMailRound(roundId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <EmailRecipients recipients={query.data.recipientList} />;
}

function Round({ round, open, onToggle }: { round: PlukMailRound; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('harvest');
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <EmailRoundProgress
          round={round}
          title={t('mail.roundTitle', { date: formatMoment(round.startedAt) })}
          noRecipientsText={t('mail.noRecipientsRound')}
          noSettingsText={t('mail.noSettings')}
        />
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {t('mail.roundFor', { names: round.subscriptionNames.join(', ') })}
        </Text>
        <Group>
          <Button variant="subtle" size="sm" aria-expanded={open} onClick={onToggle}>
            {open ? t('mail.hideRecipients') : t('mail.showRecipients')}
          </Button>
        </Group>
        {open && <Recipients roundId={round.id} />}
      </Stack>
    </Card>
  );
}

/** The latest pluk mail rounds with their progress (polled while e-mails wait) and their recipients. */
export function PlukMailRounds({
  openRound,
  onOpen,
}: {
  openRound: number | null;
  onOpen: (id: number | null) => void;
}) {
  const { t } = useTranslation('harvest');
  const query = usePlukMailRounds();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('mail.rounds')}
      </Title>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text c="dimmed">{t('mail.noRounds')}</Text>
      ) : (
        query.data.map((round) => (
          <Round
            key={round.id}
            round={round}
            open={openRound === round.id}
            onToggle={() => onOpen(openRound === round.id ? null : round.id)}
          />
        ))
      )}
    </Stack>
  );
}
