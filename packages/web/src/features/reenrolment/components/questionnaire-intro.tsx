import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import type { MyQuestionnaire } from '@pluk/contract';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay, formatDate } from '../../../lib/dates';

/**
 * The round's title and harvest year, and where I stand: until when I can answer, that I answered already
 * and can still change it, or that the deadline has passed.
 */
export function QuestionnaireIntro({ questionnaire }: { questionnaire: MyQuestionnaire }) {
  const { t } = useTranslation('reenrolment');
  const { policy } = questionnaire;
  const deadline = formatCalendarDay(policy.deadline);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3" className="pluk-wrap">
        {policy.title}
      </Title>
      <Badge variant="light" style={{ alignSelf: 'flex-start' }}>
        {t('intro.harvestYear', { year: policy.harvestYear })}
      </Badge>
      {policy.isEnded ? (
        <Alert color="gray" icon={<IconLock aria-hidden />} title={t('intro.endedTitle')}>
          {t('intro.ended', { date: deadline })}
        </Alert>
      ) : questionnaire.submittedAt ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          {t('intro.answered', { date: formatDate(questionnaire.submittedAt), deadline })}
        </Alert>
      ) : (
        <Text>{t('intro.deadline', { date: deadline })}</Text>
      )}
    </Stack>
  );
}
