import { Badge, Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import type { ManagedSubscription } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagedSubscriptions } from '../api/manager-subscriptions';
import { useCurrentHarvestYear } from '../api/member-subscriptions';
import { CreditsLine, PricesLine } from './subscription-parts';

export interface ManagerSubscriptionLinks {
  detail: (id: number) => string;
  /** The form for a new subscription, for a harvest year. */
  create: (harvestYear: number) => string;
}

/** A subscription in the manager's list: a link to its page with prices, credits, state and members. */
function ManagerSubscriptionCard({ subscription, to }: { subscription: ManagedSubscription; to: string }) {
  const { t } = useTranslation('subscription');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Text fw={600} className="pluk-wrap">
          {subscription.name}
        </Text>
        <PricesLine subscription={subscription} />
        <CreditsLine requiredCredits={subscription.requiredCredits} />
        <Group gap="xs">
          <Text size="sm">{t('manager.members', { count: subscription.memberCount })}</Text>
          {!subscription.isActive && (
            <Badge color="gray" variant="light">
              {t('manager.inactive')}
            </Badge>
          )}
          {subscription.isActive && subscription.isOpenForRegistration && (
            <Badge color="green" variant="light">
              {t('manager.open')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function YearList({ harvestYear, links }: { harvestYear: number; links: ManagerSubscriptionLinks }) {
  const { t } = useTranslation('subscription');
  const query = useManagedSubscriptions(harvestYear);
  const newButton = (
    <Button
      component={Link}
      to={links.create(harvestYear)}
      leftSection={<IconPlus size={18} aria-hidden />}
      size="md"
    >
      {t('manager.new')}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={IconListDetails}
        title={t('manager.emptyTitle', { year: harvestYear })}
        text={t('manager.emptyText')}
        action={newButton}
      />
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{newButton}</Group>
      {query.data.map((subscription) => (
        <ManagerSubscriptionCard
          key={subscription.id}
          subscription={subscription}
          to={links.detail(subscription.id)}
        />
      ))}
    </Stack>
  );
}

/**
 * `/applicationManager/subscription`: all subscriptions, in a tab for this harvest year and one for the
 * next (`?jaar=volgend` keeps the tab when the manager comes back).
 */
export function ManagerSubscriptionList({ links }: { links: ManagerSubscriptionLinks }) {
  const { t } = useTranslation('subscription');
  const [searchParams, setSearchParams] = useSearchParams();
  const year = useCurrentHarvestYear();
  const tab = searchParams.get('jaar') === 'volgend' ? 'next' : 'current';
  if (year.isPending) return <LoadingState />;
  if (year.isError) return <ErrorState error={year.error} onRetry={() => void year.refetch()} />;
  const current = year.data;
  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(value) => setSearchParams(value === 'next' ? { jaar: 'volgend' } : {}, { replace: true })}
    >
      <Tabs.List aria-label={t('manager.tabsLabel')} grow>
        <Tabs.Tab value="current">{t('manager.thisYear', { year: current })}</Tabs.Tab>
        <Tabs.Tab value="next">{t('manager.nextYear', { year: current + 1 })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="current" pt="md">
        <YearList harvestYear={current} links={links} />
      </Tabs.Panel>
      <Tabs.Panel value="next" pt="md">
        <YearList harvestYear={current + 1} links={links} />
      </Tabs.Panel>
    </Tabs>
  );
}
