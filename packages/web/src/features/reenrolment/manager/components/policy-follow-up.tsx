import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconListCheck, IconTrash } from '@tabler/icons-react';
import type { Policy } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { formatCalendarDay } from '../../../../lib/dates';
import { isApiError } from '../../../../lib/errors';
import { useDeletePolicy } from '../api/delete-policy';
import { usePolicy } from '../api/get-policy';
import { PolicyAnswers } from './policy-answers';
import { PolicyConversion, type ConversionLinks } from './policy-conversion';
import { PolicyFigures } from './policy-figures';
import { PolicyStatusBadge, policyStatus } from './policy-status';
import { RemindMembers } from './remind-members';

export interface PolicyFollowUpLinks extends ConversionLinks {
  edit: (id: number) => string;
  createQuestions: (id: number) => string;
}

/** The round's title, state, year and deadline, and what can be done with it now. */
function Header({
  policy,
  links,
  onDeleted,
}: {
  policy: Policy;
  links: PolicyFollowUpLinks;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const remove = useDeletePolicy();
  const status = policyStatus(policy);
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Title order={2} size="h3" className="pluk-wrap">
          {policy.title}
        </Title>
        <Group gap="xs">
          <PolicyStatusBadge policy={policy} />
        </Group>
        <Text c="dimmed" className="pluk-wrap">
          {t('detail.yearLine', { year: policy.harvestYear })} ·{' '}
          {t('detail.deadlineLine', { date: formatCalendarDay(policy.deadline) })}
        </Text>
      </Stack>
      {status !== 'converted' && (
        <Group gap="sm" component="nav" aria-label={t('detail.actions')}>
          <Button
            component={Link}
            to={links.edit(policy.id)}
            variant="light"
            leftSection={<IconEdit size={18} aria-hidden />}
          >
            {t('detail.edit')}
          </Button>
          {status === 'open' && (
            <Button
              component={Link}
              to={links.createQuestions(policy.id)}
              variant="light"
              leftSection={<IconListCheck size={18} aria-hidden />}
            >
              {t('detail.createQuestions')}
            </Button>
          )}
          <ConfirmActionButton
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            confirm={{
              title: t('detail.deleteTitle'),
              text: t('detail.deleteText', { title: policy.title, year: policy.harvestYear }),
              confirmLabel: t('detail.delete'),
              color: 'red',
              mutation: remove,
              variables: policy.id,
              success: t('detail.deleted'),
              onDone: onDeleted,
            }}
          >
            {t('detail.delete')}
          </ConfirmActionButton>
        </Group>
      )}
    </Stack>
  );
}

/**
 * `/applicationManager/administration-actions/IntentionPolicy/{id}`: how the round goes (the figures and
 * per offer), reminders while members may answer, the conversion after the deadline, and every
 * member's answer with filters.
 */
export function PolicyFollowUp({
  id,
  links,
  onDeleted,
  notFound,
}: {
  id: number;
  links: PolicyFollowUpLinks;
  onDeleted: () => void;
  /** What a round that does not exist (any more) shows: the app's not-found page. */
  notFound: ReactNode;
}) {
  const query = usePolicy(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const policy = query.data;
  return (
    <Stack gap="lg">
      <Header policy={policy} links={links} onDeleted={onDeleted} />
      <PolicyFigures policyId={policy.id} />
      {policyStatus(policy) === 'open' && policy.counts.questionnaires > 0 && (
        <RemindMembers policyId={policy.id} notAnswered={policy.counts.open} />
      )}
      <PolicyConversion policy={policy} links={links} />
      <PolicyAnswers policyId={policy.id} offers={policy.offers} />
    </Stack>
  );
}
