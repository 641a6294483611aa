import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { HouseholdMember, MemberSubscription } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../lib/euros';

/** "Oogstjaar 2026", "Volgend oogstjaar 2027": which harvest year a subscription is of. */
export function PeriodBadge({
  subscription,
}: {
  subscription: Pick<MemberSubscription, 'period' | 'harvestYear'>;
}) {
  const { t } = useTranslation('subscription');
  return (
    <Badge variant="light" color={subscription.period === 'current' ? 'brand' : 'gray'}>
      {t(`period.${subscription.period}`, { year: subscription.harvestYear })}
    </Badge>
  );
}

/** "Vraagt 10 werkpunten" or "Vraagt geen werkpunten". */
export function CreditsLine({ requiredCredits }: { requiredCredits: number }) {
  const { t } = useTranslation('subscription');
  return (
    <Text size="sm" c="dimmed">
      {requiredCredits > 0 ? t('price.credits', { count: requiredCredits }) : t('price.noCredits')}
    </Text>
  );
}

/** "3 volwassenen" and "1 kind", as words. */
export function usePeople() {
  const { t } = useTranslation('subscription');
  return {
    adults: (count: number) => t('people.adults', { count }),
    children: (count: number) => t('people.children', { count }),
    households: (count: number) => t('people.households', { count }),
  };
}

/** The price per adult and per child. */
export function PricesLine({
  subscription,
}: {
  subscription: { adultPriceCents: number; childPriceCents: number };
}) {
  const { t } = useTranslation('subscription');
  return (
    <Text size="sm" className="pluk-wrap">
      {t('price.perAdult', { price: formatEuros(subscription.adultPriceCents) })} ·{' '}
      {t('price.perChild', { price: formatEuros(subscription.childPriceCents) })}
    </Text>
  );
}

/** The price of my household: each line (people × price) and the total. */
export function HouseholdPrice({ subscription }: { subscription: MemberSubscription }) {
  const { t } = useTranslation('subscription');
  const people = usePeople();
  const lines = [
    { key: 'adults', people: people.adults(subscription.adults), cents: subscription.adultPriceCents },
    { key: 'children', people: people.children(subscription.children), cents: subscription.childPriceCents },
  ];
  return (
    <Stack gap={4}>
      {lines.map((line) => (
        <Text key={line.key} className="pluk-wrap">
          {t('price.line', { people: line.people, price: formatEuros(line.cents) })}
        </Text>
      ))}
      <Group justify="space-between" gap="xs">
        <Text fw={700}>{t('price.total')}</Text>
        <Text fw={700} data-testid="household-price">
          {formatEuros(subscription.priceCents)}
        </Text>
      </Group>
    </Stack>
  );
}

/** The members of my household: name, adult or child, year of birth. */
export function HouseholdList({ members }: { members: HouseholdMember[] }) {
  const { t } = useTranslation('subscription');
  return (
    <List spacing={4}>
      {members.map((member) => (
        <List.Item key={member.id}>
          <Text span fw={600} className="pluk-wrap">
            {member.name}
          </Text>
          <Text span c="dimmed">
            {' '}
            · {member.isAdult ? t('mine.adult') : t('mine.child')}
            {member.yearOfBirth !== null && `, ${t('mine.born', { year: member.yearOfBirth })}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
