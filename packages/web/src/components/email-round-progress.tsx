import { Alert, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The counts of an e-mail round (a post sent by e-mail, the pluk mail): one e-mail job per recipient. */
export interface EmailRoundCounts {
  recipients: number;
  sent: number;
  /** Recorded but not sent: the farm has no mail settings. */
  notSent: number;
  failed: number;
  waiting: number;
}

/** What the round did, or is doing, in one or two sentences. */
export function EmailRoundSummary({
  round,
  noRecipientsText,
  noSettingsText,
}: {
  round: EmailRoundCounts;
  /** Said when the round had nobody to mail. */
  noRecipientsText: string;
  /** Said when nothing could be sent because the farm's mail settings are missing. */
  noSettingsText: string;
}) {
  const { t } = useTranslation('common');
  if (round.recipients === 0) return <Text>{noRecipientsText}</Text>;
  if (round.sent === 0 && round.notSent === round.recipients) return <Text>{noSettingsText}</Text>;
  const problems = [
    round.notSent > 0 && t('emailRound.notSent', { count: round.notSent }),
    round.failed > 0 && t('emailRound.failed', { count: round.failed }),
  ].filter(Boolean);
  return (
    <>
      <Text>
        {round.waiting > 0
          ? t('emailRound.progress', { count: round.recipients, sent: round.sent, waiting: round.waiting })
          : t('emailRound.result', { count: round.recipients, sent: round.sent })}
      </Text>
      {problems.length > 0 && <Text size="sm">{problems.join(' ')}</Text>}
    </>
  );
}

/**
 * An e-mail round as a status box: a progress bar while e-mails wait (the screen polls), then its
 * outcome, green when every e-mail went out and orange otherwise. Shared by the post's "mail to the
 * members" and the pluk mail.
 */
export function EmailRoundProgress({
  round,
  title,
  noRecipientsText,
  noSettingsText,
}: {
  round: EmailRoundCounts;
  title: string;
  noRecipientsText: string;
  noSettingsText: string;
}) {
  const { t } = useTranslation('common');
  const color = round.waiting > 0 ? 'blue' : round.sent === round.recipients ? 'brand' : 'orange';
  return (
    <Alert color={color} role="status" title={title}>
      {round.waiting > 0 && (
        <Progress
          value={round.recipients === 0 ? 100 : (100 * (round.recipients - round.waiting)) / round.recipients}
          aria-label={t('emailRound.progressLabel')}
          mb="xs"
        />
      )}
      <EmailRoundSummary round={round} noRecipientsText={noRecipientsText} noSettingsText={noSettingsText} />
    </Alert>
  );
}
