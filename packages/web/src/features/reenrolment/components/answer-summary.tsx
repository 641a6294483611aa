import { Group, List, Stack, Text } from '@mantine/core';
import type { MemberOffer, QuestionnaireChoice } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../lib/euros';

export interface AnswerSummaryProps {
  harvestYear: number;
  choice: QuestionnaireChoice;
  /** The offers chosen, with the price for my household. */
  offers: MemberOffer[];
  totalCents: number;
  remark: string;
}

/** What I chose: the offers and the total for my household, or that I stop; and my remark. */
export function AnswerSummary({ harvestYear, choice, offers, totalCents, remark }: AnswerSummaryProps) {
  const { t } = useTranslation('reenrolment');
  return (
    <Stack gap="sm">
      {choice === 'stop' ? (
        <Text fw={600}>{t('review.stopping', { year: harvestYear })}</Text>
      ) : (
        <>
          <Text>{t('review.chosen', { year: harvestYear })}</Text>
          <List spacing={4} data-testid="chosen-offers">
            {offers.map((offer) => (
              <List.Item key={offer.id}>
                <Text span fw={600} className="pluk-wrap">
                  {offer.name}
                </Text>
                <Text span>: {formatEuros(offer.priceCents)}</Text>
              </List.Item>
            ))}
          </List>
          <Group justify="space-between" gap="xs">
            <Text fw={700}>{t('review.total')}</Text>
            <Text fw={700} data-testid="answer-total">
              {formatEuros(totalCents)}
            </Text>
          </Group>
        </>
      )}
      {remark.trim() && (
        <div>
          <Text size="sm" c="dimmed" fw={600}>
            {t('review.remark')}
          </Text>
          <Text className="pluk-wrap" style={{ whiteSpace: 'pre-line' }}>
            {remark}
          </Text>
        </div>
      )}
    </Stack>
  );
}
