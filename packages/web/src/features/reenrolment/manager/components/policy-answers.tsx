import {
  Badge,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useMatches,
} from '@mantine/core';
import { IconClipboardList, IconSearch } from '@tabler/icons-react';
import { answerFilters, reenrolmentLimits, type PolicyAnswer, type PolicyOffer } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state';
import { LoadMore } from '../../../../components/load-more';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { formatMoment } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { feedItems } from '../../../../lib/feed-pages';
import { oneOf, useUrlFilters } from '../../../../lib/url-filters';
import { usePolicyAnswers } from '../api/get-policy-answers';
import type { AnswerFilters } from '../api/keys';
import { usePeople } from './policy-status';

const statusChoices = ['all', ...answerFilters] as const;
const statusLabelKeys = {
  all: 'answers.statusAll',
  open: 'answers.statusOpen',
  submitted: 'answers.statusSubmitted',
  continue: 'answers.statusContinue',
  stop: 'answers.statusStop',
} as const;

/** A whole number from the address, or null. */
function idFrom(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** Not answered, continuing (with the chosen offers) or stopping; and whether it was converted. */
function AnswerBadges({ answer }: { answer: PolicyAnswer }) {
  const { t } = useTranslation('reenrolmentManager');
  const badge =
    answer.status === 'open' || answer.choice === null ? (
      <Badge color="gray" variant="light">
        {t('answers.badgeOpen')}
      </Badge>
    ) : answer.choice === 'continue' ? (
      <Badge color="green" variant="light">
        {t('answers.badgeContinue')}
      </Badge>
    ) : (
      <Badge color="orange" variant="light">
        {t('answers.badgeStop')}
      </Badge>
    );
  return (
    <Group gap={4}>
      {badge}
      {answer.convertedAt && (
        <Badge color="blue" variant="light">
          {t('answers.converted')}
        </Badge>
      )}
    </Group>
  );
}

/** One member's questionnaire: who, what they chose, their household and what it costs them. */
function AnswerCard({ answer }: { answer: PolicyAnswer }) {
  const { t } = useTranslation('reenrolmentManager');
  const people = usePeople();
  const continuing = answer.status === 'submitted' && answer.choice === 'continue';
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={0} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={600} className="pluk-wrap">
              {answer.firstName} {answer.lastName}
            </Text>
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {answer.email}
            </Text>
          </Stack>
          <AnswerBadges answer={answer} />
        </Group>
        {continuing && (
          <>
            <Text size="sm" className="pluk-wrap">
              {t('answers.chose', { names: answer.offers.map((offer) => offer.name).join(', ') })}
            </Text>
            <Text size="sm" className="pluk-wrap">
              {t('answers.household', {
                adults: people.adults(answer.adults),
                children: people.children(answer.children),
              })}
            </Text>
            <Text size="sm" fw={600}>
              {t('answers.amount', { amount: formatEuros(answer.amountCents) })}
            </Text>
          </>
        )}
        {answer.remark && (
          <Text size="sm" className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
            {t('answers.remark', { remark: answer.remark })}
          </Text>
        )}
        {(answer.submittedAt || answer.remindedAt) && (
          <Text size="xs" c="dimmed" className="pluk-wrap">
            {[
              answer.submittedAt && t('answers.submittedAt', { date: formatMoment(answer.submittedAt) }),
              answer.remindedAt && t('answers.remindedAt', { date: formatMoment(answer.remindedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AnswerRows({
  policyId,
  filters,
  filtered,
}: {
  policyId: number;
  filters: AnswerFilters;
  filtered: boolean;
}) {
  const { t } = useTranslation('reenrolmentManager');
  const query = usePolicyAnswers(policyId, filters);
  if (query.isPending) return <LoadingState />;
  if (query.isError && !query.isFetchNextPageError)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, (answer) => answer.questionnaireId);
  if (items.length === 0)
    return filtered ? (
      <EmptyState icon={IconSearch} title={t('answers.noMatchTitle')} text={t('answers.noMatchText')} />
    ) : (
      <EmptyState icon={IconClipboardList} title={t('answers.emptyTitle')} text={t('answers.emptyText')} />
    );
  return (
    <Stack gap="sm" aria-busy={query.isPlaceholderData}>
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('answers.label')}
      >
        {items.map((answer) => (
          <AnswerCard key={answer.questionnaireId} answer={answer} />
        ))}
      </Stack>
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}

/**
 * The round's questionnaires, a page at a time, with who chose what, their household and amount.
 * The filters live in the address (?status=&abonnement=&q=), so coming back keeps them.
 */
export function PolicyAnswers({ policyId, offers }: { policyId: number; offers: PolicyOffer[] }) {
  const { t } = useTranslation('reenrolmentManager');
  const statusLabelId = useId();
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  // Five choices side by side do not fit a phone: one under the other there.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  const status = oneOf(params.get('status'), statusChoices);
  const offerId = idFrom(params.get('abonnement'));
  const filters: AnswerFilters = {
    status: status === 'all' ? null : status,
    offerId,
    search: debouncedSearch,
  };
  const filtered = status !== 'all' || offerId !== null || debouncedSearch !== '';
  return (
    <Stack gap="sm" component="section" aria-labelledby="policy-answers">
      <Title order={2} size="h4" id="policy-answers">
        {t('answers.title')}
      </Title>
      <Stack gap="xs" role="search" aria-label={t('answers.filters')}>
        <Stack gap={4}>
          <Text fw={500} size="sm" id={statusLabelId}>
            {t('answers.status')}
          </Text>
          <SegmentedControl
            aria-labelledby={statusLabelId}
            orientation={orientation}
            fullWidth={orientation === 'vertical'}
            value={status}
            onChange={(value) => setFilter('status', value)}
            data={statusChoices.map((value) => ({ value, label: t(statusLabelKeys[value]) }))}
            style={{ alignSelf: orientation === 'vertical' ? 'stretch' : 'flex-start' }}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <NativeSelect
            label={t('answers.offer')}
            value={offerId === null ? 'all' : String(offerId)}
            onChange={(event) => setFilter('abonnement', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('answers.offerAll') },
              ...offers.map((offer) => ({ value: String(offer.id), label: offer.name })),
            ]}
          />
          <TextInput
            type="search"
            label={t('answers.search')}
            description={t('answers.searchHelp')}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={reenrolmentLimits.searchMax}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        </SimpleGrid>
      </Stack>
      <AnswerRows policyId={policyId} filters={filters} filtered={filtered} />
    </Stack>
  );
}
