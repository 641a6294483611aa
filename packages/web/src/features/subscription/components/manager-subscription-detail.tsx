import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import type { ManagedSubscription, SubscriptionMember } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import {
  useDeleteSubscription,
  useManagedSubscription,
  useRemoveUserFromSubscription,
  useSubscriptionMembers,
  useSubscriptionPriceInfo,
} from '../api/manager-subscriptions';
import { CreditsLine, PricesLine, usePeople } from './subscription-parts';

export interface ManagerSubscriptionDetailLinks {
  edit: (id: number) => string;
  assign: (id: number) => string;
}

/** Households, people and money of the subscription's name this or next harvest year. */
function InfoCard({ id, year }: { id: number; year: 'current' | 'next' }) {
  const { t } = useTranslation('subscription');
  const people = usePeople();
  const query = useSubscriptionPriceInfo(id, year);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const info = query.data;
  const title = year === 'current' ? 'manager.infoCurrent' : 'manager.infoNext';
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          {t(title, { year: info.harvestYear })}
        </Title>
        {info.subscriptionId === null ? (
          <Text size="sm" c="dimmed">
            {t('manager.infoNone', { year: info.harvestYear })}
          </Text>
        ) : (
          <>
            <Text size="sm" className="pluk-wrap">
              {t('manager.infoPeople', {
                households: people.households(info.households),
                adults: people.adults(info.adults),
                children: people.children(info.children),
              })}
            </Text>
            <Text size="sm">{t('manager.infoAdults', { amount: formatEuros(info.adultsCents) })}</Text>
            <Text size="sm">{t('manager.infoChildren', { amount: formatEuros(info.childrenCents) })}</Text>
            <Text fw={700}>{t('manager.infoTotal', { amount: formatEuros(info.totalCents) })}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function MemberRow({
  member,
  remove,
}: {
  member: SubscriptionMember;
  /** Owned by the list: the row is gone once the member is, and the notification must still show. */
  remove: ReturnType<typeof useRemoveUserFromSubscription>;
}) {
  const { t } = useTranslation('subscription');
  const people = usePeople();
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group justify="space-between" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} className="pluk-wrap">
            {name}
          </Text>
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {t('manager.memberLine', {
              people: `${people.adults(member.adults)}, ${people.children(member.children)}`,
              price: formatEuros(member.priceCents),
            })}
          </Text>
        </Stack>
        <ConfirmActionButton
          variant="light"
          color="red"
          size="sm"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          aria-label={t('manager.removeOf', { name })}
          confirm={{
            title: t('manager.removeTitle'),
            text: t('manager.removeText', { name }),
            consequences: {
              gone: t('manager.removeGone', { name }),
              kept: t('manager.removeKept', { name }),
              instead: t('manager.removeInstead', { name }),
            },
            confirmLabel: t('manager.remove'),
            color: 'red',
            mutation: remove,
            variables: member.userId,
            success: t('manager.removed', { name }),
          }}
        >
          {t('manager.remove')}
        </ConfirmActionButton>
      </Group>
    </Card>
  );
}

function Members({ id }: { id: number }) {
  const { t } = useTranslation('subscription');
  const query = useSubscriptionMembers(id);
  const remove = useRemoveUserFromSubscription(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <Text c="dimmed">{t('manager.membersEmpty')}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {query.data.map((member) => (
        <MemberRow key={member.userId} member={member} remove={remove} />
      ))}
    </Stack>
  );
}

function Facts({ subscription }: { subscription: ManagedSubscription }) {
  const { t } = useTranslation('subscription');
  return (
    <Stack gap={4}>
      <Title order={2} size="h3" className="pluk-wrap">
        {subscription.name}
      </Title>
      <Group gap="xs">
        <Badge variant="light">{t('period.current', { year: subscription.harvestYear })}</Badge>
        {subscription.isActive ? (
          <Badge variant="light" color={subscription.isOpenForRegistration ? 'green' : 'gray'}>
            {subscription.isOpenForRegistration ? t('manager.open') : t('manager.closed')}
          </Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t('manager.inactive')}
          </Badge>
        )}
      </Group>
      {subscription.description && (
        <Text style={{ whiteSpace: 'pre-line' }} className="pluk-wrap">
          {subscription.description}
        </Text>
      )}
      <PricesLine subscription={subscription} />
      <CreditsLine requiredCredits={subscription.requiredCredits} />
    </Stack>
  );
}

/**
 * `/applicationManager/subscription/{id}`: the subscription, its members and money this and next
 * harvest year (`infoPrice`, `infoPriceNext`), who has it (with "weghalen"), edit, add members, delete.
 */
export function ManagerSubscriptionDetail({
  id,
  links,
  onDeleted,
  exports,
}: {
  id: number;
  links: ManagerSubscriptionDetailLinks;
  onDeleted: () => void;
  /** The bank's spreadsheets of this subscription (the route passes them in: features stay apart). */
  exports?: ReactNode;
}) {
  const { t } = useTranslation('subscription');
  const query = useManagedSubscription(id);
  const remove = useDeleteSubscription();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const subscription = query.data;
  return (
    <Stack gap="lg">
      <Facts subscription={subscription} />
      <Group gap="sm">
        <Button
          component={Link}
          to={links.edit(id)}
          variant="light"
          leftSection={<IconEdit size={18} aria-hidden />}
        >
          {t('manager.edit')}
        </Button>
        <Button
          component={Link}
          to={links.assign(id)}
          variant="light"
          leftSection={<IconUserPlus size={18} aria-hidden />}
        >
          {t('manager.assign')}
        </Button>
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('manager.deleteTitle'),
            text: t('manager.deleteText', { name: subscription.name, year: subscription.harvestYear }),
            consequences: {
              gone: t('manager.deleteGone', { name: subscription.name, year: subscription.harvestYear }),
              kept: t('manager.deleteKept', { name: subscription.name, year: subscription.harvestYear }),
              instead: t('manager.deleteInstead', {
                name: subscription.name,
                year: subscription.harvestYear,
              }),
            },
            confirmLabel: t('manager.delete'),
            color: 'red',
            mutation: remove,
            variables: id,
            success: t('manager.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('manager.delete')}
        </ConfirmActionButton>
      </Group>
      {exports}
      <Stack gap="sm" component="section" aria-labelledby="subscription-info">
        <Title order={2} size="h4" id="subscription-info">
          {t('manager.infoTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <InfoCard id={id} year="current" />
          <InfoCard id={id} year="next" />
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="subscription-members">
        <Title order={2} size="h4" id="subscription-members">
          {t('manager.membersTitle')}
        </Title>
        <Members id={id} />
      </Stack>
    </Stack>
  );
}
