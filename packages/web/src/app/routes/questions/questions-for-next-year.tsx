import { Button, Stack } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useMyQuestionnaire } from '../../../features/reenrolment/api/get-my-questionnaire';
import { QuestionnaireAnswer } from '../../../features/reenrolment/components/questionnaire-answer';
import { QuestionnaireIntro } from '../../../features/reenrolment/components/questionnaire-intro';
import { QuestionnaireSteps } from '../../../features/reenrolment/components/questionnaire-steps';
import { paths } from '../../paths';
import { AccountCheckStep } from './account-check-step';

/**
 * /questionsfornextyear: my questionnaire for next harvest year, step by step until its deadline (opened
 * with my earlier answer when I gave one), read only after it; a friendly word when I have none.
 */
export function QuestionsForNextYearRoute() {
  const { t } = useTranslation('reenrolment');
  const navigate = useNavigate();
  const query = useMyQuestionnaire();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { questionnaire } = query.data;
  if (!questionnaire)
    return (
      <EmptyState
        icon={IconClipboardList}
        title={t('empty.title')}
        text={t('empty.text')}
        action={
          <Button component={Link} to={paths.home.getHref()} variant="light">
            {t('empty.home')}
          </Button>
        }
      />
    );
  return (
    <Stack gap="xl">
      <QuestionnaireIntro questionnaire={questionnaire} />
      {questionnaire.policy.isEnded ? (
        <QuestionnaireAnswer questionnaire={questionnaire} />
      ) : (
        <QuestionnaireSteps
          key={questionnaire.id}
          questionnaire={questionnaire}
          accountStep={(next) => <AccountCheckStep household={questionnaire.household} onNext={next} />}
          onSubmitted={(answered) => void navigate(paths.questions.done.getHref(answered.id))}
        />
      )}
    </Stack>
  );
}
