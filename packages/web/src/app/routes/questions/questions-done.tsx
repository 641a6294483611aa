import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MyQuestionnaire } from '@pluk/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { chosenOffers } from '../../../features/reenrolment/answer-form';
import { useQuestionnaire } from '../../../features/reenrolment/api/get-questionnaire';
import { AnswerSummary } from '../../../features/reenrolment/components/answer-summary';
import { formatCalendarDay } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { paths } from '../../paths';
import { NotFoundRoute } from '../not-found';
import { useIdParam } from '../tasks/use-id-param';

/** Until when I can change my answer, or that it is fixed; and the ways on. */
function WhatNext({ questionnaire, answered }: { questionnaire: MyQuestionnaire; answered: boolean }) {
  const { t } = useTranslation('reenrolment');
  const { policy } = questionnaire;
  const deadline = formatCalendarDay(policy.deadline);
  return (
    <Stack gap="sm">
      <Text>
        {policy.isEnded ? t('done.ended', { date: deadline }) : t('done.changeUntil', { date: deadline })}
      </Text>
      <Group>
        {!policy.isEnded && (
          <Button
            component={Link}
            to={paths.questions.root.getHref()}
            variant={answered ? 'light' : 'filled'}
          >
            {answered ? t('done.change') : t('done.answerNow')}
          </Button>
        )}
        <Button component={Link} to={paths.home.getHref()} variant={answered ? 'filled' : 'light'}>
          {t('done.home')}
        </Button>
      </Group>
    </Stack>
  );
}

function DoneScreen({ id }: { id: number }) {
  const { t } = useTranslation('reenrolment');
  const query = useQuestionnaire(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFoundRoute />;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const questionnaire = query.data;
  const { policy } = questionnaire;
  if (questionnaire.status !== 'submitted' || !questionnaire.choice)
    return (
      <Stack gap="lg">
        <Text>{t('done.notAnswered')}</Text>
        <WhatNext questionnaire={questionnaire} answered={false} />
      </Stack>
    );
  return (
    <Stack gap="lg">
      {/* The icon and the thanks share a line while they fit; at large text the thanks gets a line of its own. */}
      <Group gap="sm" align="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="green">
          <IconCircleCheck size={30} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3" className="pluk-wrap">
          {t('done.thanks')}
        </Title>
      </Group>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={600} className="pluk-wrap">
            {policy.title}
          </Text>
          <AnswerSummary
            harvestYear={policy.harvestYear}
            choice={questionnaire.choice}
            offers={chosenOffers(questionnaire.offers, questionnaire.offerIds)}
            totalCents={questionnaire.totalCents}
            remark={questionnaire.remark}
          />
        </Stack>
      </Card>
      {questionnaire.choice === 'stop' && <Text>{t('done.stoppingText')}</Text>}
      <WhatNext questionnaire={questionnaire} answered />
    </Stack>
  );
}

/** /questionsfornextyear/{id}/done: thanks, with what I chose and until when I can still change it. */
export function QuestionsDoneRoute() {
  const id = useIdParam();
  if (id === null) return <NotFoundRoute />;
  return <DoneScreen id={id} />;
}
