import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PolicySummaryTotals } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SummaryFigure } from '../../../../components/summary-figure';
import { formatEuros } from '../../../../lib/euros';
import { usePolicySummary } from '../api/get-policy-summary';
import { usePeople } from './policy-status';

/**
 * Per offer: the households that chose it, their people and the money at today's households. A card
 * per offer rather than a table: it reflows on a phone at large text.
 */
function OfferTotals({ summary }: { summary: PolicySummaryTotals }) {
  const { t } = useTranslation('reenrolmentManager');
  const people = usePeople();
  if (summary.offers.length === 0) return <Text c="dimmed">{t('detail.perOfferEmpty')}</Text>;
  return (
    <Stack gap="xs">
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="policy-per-offer"
      >
        {summary.offers.map((offer) => (
          <Paper component="li" key={offer.offerId} withBorder radius="md" p="sm">
            <Group justify="space-between" gap="xs" align="flex-start">
              <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                <Text fw={600} className="pluk-wrap">
                  {offer.name}
                </Text>
                <Text size="sm" c="dimmed" className="pluk-wrap">
                  {t('detail.offerPeople', {
                    households: people.households(offer.households),
                    adults: people.adults(offer.adults),
                    children: people.children(offer.children),
                  })}
                </Text>
              </Stack>
              <Text fw={700}>{formatEuros(offer.totalCents)}</Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Text fw={700} ta="right">
        {t('detail.totalLine', { amount: formatEuros(summary.totalCents) })}
      </Text>
    </Stack>
  );
}

/** How far the round is: questionnaires, answered, continuing, stopping, not answered; then per offer. */
export function PolicyFigures({ policyId }: { policyId: number }) {
  const { t } = useTranslation('reenrolmentManager');
  const query = usePolicySummary(policyId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { counts } = query.data;
  return (
    <Stack gap="md">
      <Stack gap="xs" component="section" aria-labelledby="policy-figures">
        <Title order={2} size="h4" id="policy-figures">
          {t('detail.figuresTitle')}
        </Title>
        <Group gap="xs" align="stretch">
          <SummaryFigure compact label={t('detail.questionnaires')} value={counts.questionnaires} />
          <SummaryFigure compact label={t('detail.submitted')} value={counts.submitted} />
          <SummaryFigure compact label={t('detail.continuing')} value={counts.continuing} />
          <SummaryFigure compact label={t('detail.stopping')} value={counts.stopping} />
          <SummaryFigure compact label={t('detail.open')} value={counts.open} />
        </Group>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="policy-per-offer">
        <Title order={2} size="h4" id="policy-per-offer">
          {t('detail.perOfferTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('detail.perOfferHelp')}
        </Text>
        <OfferTotals summary={query.data} />
      </Stack>
    </Stack>
  );
}
