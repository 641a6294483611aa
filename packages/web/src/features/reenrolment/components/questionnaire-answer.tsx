import { Card, Stack, Text, Title } from '@mantine/core';
import type { MyQuestionnaire } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { chosenOffers } from '../answer-form';
import { AnswerSummary } from './answer-summary';

/** My answer as the server keeps it (read only): what I chose and the total, or that I did not answer. */
export function QuestionnaireAnswer({ questionnaire }: { questionnaire: MyQuestionnaire }) {
  const { t } = useTranslation('reenrolment');
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="questionnaire-answer">
      <Stack gap="sm">
        <Title order={3} size="h4" id="questionnaire-answer">
          {t('intro.answerTitle')}
        </Title>
        {questionnaire.status === 'submitted' && questionnaire.choice ? (
          <AnswerSummary
            harvestYear={questionnaire.policy.harvestYear}
            choice={questionnaire.choice}
            offers={chosenOffers(questionnaire.offers, questionnaire.offerIds)}
            totalCents={questionnaire.totalCents}
            remark={questionnaire.remark}
          />
        ) : (
          <Text>{t('intro.notAnswered')}</Text>
        )}
        {questionnaire.isConverted && <Text c="dimmed">{t('intro.converted')}</Text>}
      </Stack>
    </Card>
  );
}
