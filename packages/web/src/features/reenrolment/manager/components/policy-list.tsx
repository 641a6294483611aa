import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconClipboardList, IconListCheck } from '@tabler/icons-react';
import type { PolicySummary } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ManagerList } from '../../../../components/manager-list';
import { formatCalendarDay } from '../../../../lib/dates';
import { usePolicies } from '../api/get-policies';
import { PolicyStatusBadge } from './policy-status';

export interface PolicyListLinks {
  create: string;
  detail: (id: number) => string;
  createQuestions: string;
}

/** A round in the list: a link to its follow-up with its year, deadline, state and counts. */
function PolicyCard({ policy, to }: { policy: PolicySummary; to: string }) {
  const { t } = useTranslation('reenrolmentManager');
  const { counts } = policy;
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} className="pluk-wrap">
            {policy.title}
          </Text>
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {t('list.yearDeadline', { year: policy.harvestYear, date: formatCalendarDay(policy.deadline) })}
          </Text>
          <Text size="sm" className="pluk-wrap">
            {t('list.offers', { count: policy.offerCount })}
          </Text>
          <Text size="sm" className="pluk-wrap">
            {counts.questionnaires === 0
              ? t('list.noQuestionnaires')
              : t('list.counts', {
                  submitted: counts.submitted,
                  questionnaires: counts.questionnaires,
                  continuing: counts.continuing,
                  stopping: counts.stopping,
                })}
          </Text>
        </Stack>
        <PolicyStatusBadge policy={policy} />
      </Group>
    </Card>
  );
}

/**
 * `/applicationManager/administration-actions/IntentionPolicy`: every re-enrolment round, newest harvest
 * year first, a page at a time, with "Nieuwe ronde" and the way to hand out questionnaires.
 */
export function PolicyList({ links }: { links: PolicyListLinks }) {
  const { t } = useTranslation('reenrolmentManager');
  const query = usePolicies();
  return (
    <Stack gap="md">
      <Text>{t('list.intro')}</Text>
      <ManagerList
        query={query}
        newHref={links.create}
        newLabel={t('list.new')}
        empty={{ icon: IconClipboardList, title: t('list.emptyTitle'), text: t('list.emptyText') }}
      >
        {(policies) => (
          <>
            <Group>
              <Button
                component={Link}
                to={links.createQuestions}
                variant="light"
                leftSection={<IconListCheck size={18} aria-hidden />}
              >
                {t('list.createQuestions')}
              </Button>
            </Group>
            <Stack
              gap="sm"
              component="ul"
              aria-label={t('list.label')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {policies.map((policy) => (
                <li key={policy.id}>
                  <PolicyCard policy={policy} to={links.detail(policy.id)} />
                </li>
              ))}
            </Stack>
          </>
        )}
      </ManagerList>
    </Stack>
  );
}
