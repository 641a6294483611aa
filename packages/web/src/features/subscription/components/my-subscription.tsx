import { Badge, Button, Card, Group, Progress, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconListDetails, IconReceipt, IconStar, IconUsers } from '@tabler/icons-react';
import type { MySubscriptionDetail } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { isApiError } from '../../../lib/errors';
import { useMySubscription } from '../api/member-subscriptions';
import { HouseholdList, HouseholdPrice, PeriodBadge, PricesLine, usePeople } from './subscription-parts';

export interface MySubscriptionLinks {
  /** Where I change my household (`/account/edit`). */
  editHousehold: string;
  /** The chores, to earn credits (`/tasks`). */
  tasks: string;
}

function Includes({ subscription }: { subscription: MySubscriptionDetail }) {
  const { t } = useTranslation('subscription');
  return (
    <Stack gap="sm">
      {subscription.description && (
        <Text style={{ whiteSpace: 'pre-line' }} className="pluk-wrap">
          {subscription.description}
        </Text>
      )}
      <Title order={2} size="h4">
        {t('mine.includesTitle')}
      </Title>
      {subscription.crops.length === 0 ? (
        <Text c="dimmed">{t('mine.noCrops')}</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {subscription.crops.map((crop) => (
            <Card key={crop.cropId} component="li" withBorder radius="md" padding="sm">
              <Stack gap={4}>
                <Text fw={600} className="pluk-wrap">
                  {crop.name}
                </Text>
                {crop.isPickable && crop.amountPerShare && (
                  <Text size="sm" className="pluk-wrap">
                    {t('mine.perShare', { amount: crop.amountPerShare })}
                  </Text>
                )}
                <div>
                  <Badge variant="light" color={crop.isPickable ? 'green' : 'gray'}>
                    {crop.isPickable ? t('mine.pickableNow') : t('mine.notNow')}
                  </Badge>
                </div>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function HouseholdAndPrice({
  subscription,
  editHref,
}: {
  subscription: MySubscriptionDetail;
  editHref: string;
}) {
  const { t } = useTranslation('subscription');
  const people = usePeople();
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('mine.householdTitle')}
        </Title>
        <HouseholdList members={subscription.household} />
        <Text size="sm" c="dimmed">
          {t('membership.counted', {
            adults: people.adults(subscription.adults),
            children: people.children(subscription.children),
          })}
        </Text>
        <Button component={Link} to={editHref} variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('mine.editHousehold')}
        </Button>
      </Stack>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('mine.priceTitle')}
          </Title>
          <PricesLine subscription={subscription} />
          <HouseholdPrice subscription={subscription} />
        </Stack>
      </Card>
    </Stack>
  );
}

function Credits({ subscription, tasksHref }: { subscription: MySubscriptionDetail; tasksHref: string }) {
  const { t } = useTranslation('subscription');
  const { required, earned } = subscription.credits;
  if (required === 0) {
    return (
      <Stack gap="sm">
        <Text>{t('mine.noCreditsRequired')}</Text>
        <Text size="sm">
          {t('mine.earned')}: {t('mine.creditsValue', { count: earned })}
        </Text>
      </Stack>
    );
  }
  const toGo = Math.max(0, required - earned);
  const percent = Math.min(100, Math.round((earned / required) * 100));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('mine.creditsTitle', { year: subscription.harvestYear })}
      </Title>
      <Group gap="xl">
        <div>
          <Text size="sm" c="dimmed">
            {t('mine.required')}
          </Text>
          <Text fw={700}>{t('mine.creditsValue', { count: required })}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed">
            {t('mine.earned')}
          </Text>
          <Text fw={700}>{t('mine.creditsValue', { count: earned })}</Text>
        </div>
      </Group>
      <Progress value={percent} size="lg" aria-label={t('mine.creditsProgress')} />
      <Text>{toGo === 0 ? t('mine.creditsDone') : t('mine.creditsToGo', { count: toGo })}</Text>
      {toGo > 0 && (
        <Button component={Link} to={tasksHref} variant="light" style={{ alignSelf: 'flex-start' }}>
          {t('mine.toTasks')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * `/pluk/subscription/{id}`: one of my subscriptions, in tabs — what it includes, my household and its
 * price this year, the credits it requires against what I earned, and its payments when the route
 * gives them (the bank feature's list, decision 077).
 */
export function MySubscription({
  id,
  links,
  payments,
}: {
  id: number;
  links: MySubscriptionLinks;
  // bank (member): this subscription's transactions, for the "Betalingen" tab.
  payments?: ReactNode;
}) {
  const { t } = useTranslation('subscription');
  const query = useMySubscription(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return (
        <EmptyState
          icon={IconListDetails}
          color="gray"
          title={t('mine.notFoundTitle')}
          text={t('mine.notFoundText')}
        />
      );
    }
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const subscription = query.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" className="pluk-wrap">
          {subscription.name}
        </Title>
        <div>
          <PeriodBadge subscription={subscription} />
        </div>
      </Stack>
      <Tabs defaultValue="includes" keepMounted={false}>
        <Tabs.List aria-label={t('mine.tabsLabel')} grow>
          <Tabs.Tab value="includes" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('mine.tabIncludes')}
          </Tabs.Tab>
          <Tabs.Tab value="household" leftSection={<IconUsers size={16} aria-hidden />}>
            {t('mine.tabHousehold')}
          </Tabs.Tab>
          <Tabs.Tab value="credits" leftSection={<IconStar size={16} aria-hidden />}>
            {t('mine.tabCredits')}
          </Tabs.Tab>
          {/* bank (member) */}
          {payments && (
            <Tabs.Tab value="payments" leftSection={<IconReceipt size={16} aria-hidden />}>
              {t('mine.tabPayments')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="includes" pt="md">
          <Includes subscription={subscription} />
        </Tabs.Panel>
        <Tabs.Panel value="household" pt="md">
          <HouseholdAndPrice subscription={subscription} editHref={links.editHousehold} />
        </Tabs.Panel>
        <Tabs.Panel value="credits" pt="md">
          <Credits subscription={subscription} tasksHref={links.tasks} />
        </Tabs.Panel>
        {/* bank (member) */}
        {payments && (
          <Tabs.Panel value="payments" pt="md">
            {payments}
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
