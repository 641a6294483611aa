import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MemberSubscription } from '@pluk/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-error';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import { useErrorText } from '../../../lib/form';
import {
  useChooseSubscriptions,
  useMyMembership,
  useOfferedSubscriptions,
} from '../api/member-subscriptions';
import {
  CreditsLine,
  HouseholdList,
  HouseholdPrice,
  PeriodBadge,
  PricesLine,
  usePeople,
} from './subscription-parts';

export interface MembershipLinks {
  editHousehold: string;
  subscription: (id: number) => string;
}

function MySubscriptionCard({ subscription, to }: { subscription: MemberSubscription; to: string }) {
  const { t } = useTranslation('subscription');
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap">
            {subscription.name}
          </Text>
          <PeriodBadge subscription={subscription} />
        </Group>
        <PricesLine subscription={subscription} />
        <HouseholdPrice subscription={subscription} />
        <CreditsLine requiredCredits={subscription.requiredCredits} />
        <Button
          component={Link}
          to={to}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
          aria-label={t('membership.viewOf', { name: subscription.name })}
        >
          {t('membership.view')}
        </Button>
      </Stack>
    </Card>
  );
}

/** The subscriptions open for registration, ticked when mine; saving sets my choice among them. */
function ChooseSubscriptions() {
  const { t } = useTranslation('subscription');
  const errorText = useErrorText();
  const offered = useOfferedSubscriptions();
  const choose = useChooseSubscriptions();
  const open = (offered.data ?? []).filter((s) => s.isOpenForRegistration && s.isActive);
  const [picked, setPicked] = useState<number[] | null>(null);
  if (offered.isPending) return <LoadingState />;
  if (offered.isError) return <ErrorState error={offered.error} onRetry={() => void offered.refetch()} />;
  if (open.length === 0) return <Text c="dimmed">{t('membership.chooseClosed')}</Text>;
  const chosen = picked ?? open.filter((s) => s.isMine).map((s) => s.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choose.isPending) return;
    choose.mutate(chosen, {
      onSuccess: () => {
        setPicked(null);
        notifications.show({ color: 'brand', message: t('membership.saved') });
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text>{t('membership.chooseIntro')}</Text>
        {choose.isError && <FormError>{errorText(choose.error)}</FormError>}
        <Checkbox.Group
          label={t('membership.chooseLabel')}
          value={chosen.map(String)}
          onChange={(values) => setPicked(values.map(Number))}
        >
          <Stack gap="xs" mt="xs">
            {open.map((subscription) => (
              <Card key={subscription.id} withBorder radius="md" padding="sm">
                <Checkbox
                  value={String(subscription.id)}
                  label={`${subscription.name} (${subscription.harvestYear})`}
                  classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
                  // The gap beside the box stays 12 px at 200 % text: 'Bloemenabonnement' keeps its line.
                  styles={{ label: { paddingInlineStart: 'min(var(--mantine-spacing-sm), 12px)' } }}
                  description={[
                    t('price.perAdult', { price: formatEuros(subscription.adultPriceCents) }),
                    t('price.perChild', { price: formatEuros(subscription.childPriceCents) }),
                    t('price.forHousehold', { price: formatEuros(subscription.priceCents) }),
                  ].join(' · ')}
                />
              </Card>
            ))}
          </Stack>
        </Checkbox.Group>
        <Button type="submit" loading={choose.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('membership.save')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * `/account/membership`: my household (who counts as adult or child), my subscriptions with their price
 * per adult, per child and for my household, and choosing subscriptions while registration is open.
 */
export function MembershipView({
  links,
  payments,
}: {
  links: MembershipLinks;
  // bank (member): my transactions, a section of its own composed by the route (features stay apart).
  payments?: ReactNode;
}) {
  const { t } = useTranslation('subscription');
  const people = usePeople();
  const query = useMyMembership();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const membership = query.data;
  return (
    <Stack gap="xl">
      <Stack gap="xs" component="section" aria-labelledby="membership-household">
        <Title order={2} size="h3" id="membership-household">
          {t('membership.householdTitle')}
        </Title>
        <HouseholdList members={membership.household.members} />
        <Text size="sm" c="dimmed">
          {t('membership.counted', {
            adults: people.adults(membership.adults),
            children: people.children(membership.children),
          })}
        </Text>
        <Button component={Link} to={links.editHousehold} variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('membership.editHousehold')}
        </Button>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="membership-mine">
        <Title order={2} size="h3" id="membership-mine">
          {t('membership.mineTitle')}
        </Title>
        {membership.subscriptions.length === 0 ? (
          <Stack gap={2}>
            <Text fw={600}>{t('membership.noneTitle')}</Text>
            <Text c="dimmed">{t('membership.noneText')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {membership.subscriptions.map((subscription) => (
              <MySubscriptionCard
                key={subscription.id}
                subscription={subscription}
                to={links.subscription(subscription.id)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      {/* bank (member) */}
      {payments}
      <Stack gap="xs" component="section" aria-labelledby="membership-choose">
        <Title order={2} size="h3" id="membership-choose">
          {t('membership.chooseTitle')}
        </Title>
        <ChooseSubscriptions />
      </Stack>
    </Stack>
  );
}
