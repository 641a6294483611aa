import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconBasket, IconCash, IconPackage } from '@tabler/icons-react';
import type { Order } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { formatMoment } from '../../../lib/dates';
import { formatPrice } from '../../../lib/virtual-money';
import { useMyOffers, useMyOrders } from '../api/get-offer';
import { OfferCard } from './offer-card';
import { formatQuantity, fullName } from './offer-format';
import { ReservationStatusBadge } from '../../../components/status/status-badges';

/** One order: the offer's title (a link), quantity and total, who, when and its state. */
function OrderCard({ order, side }: { order: Order; side: 'mine' | 'fromOthers' }) {
  const { t } = useTranslation('market');
  const { reservation, offer } = order;
  const who =
    side === 'mine'
      ? t('orders.from', { name: offer.owner.firstName })
      : t('orders.by', { name: fullName(reservation.taker) });
  return (
    <Card withBorder radius="md" padding="sm" className="pluk-card-bleed">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text
            component={Link}
            to={paths.marketOffer.getHref(offer.id)}
            fw={600}
            td="underline"
            className="pluk-wrap"
          >
            {offer.title}
          </Text>
          <ReservationStatusBadge status={reservation.status} />
        </Group>
        <Text size="sm">
          {t('orders.line', {
            quantity: formatQuantity(reservation.quantity, offer.unit),
            total: formatPrice(reservation.totalCents),
          })}
        </Text>
        <Text size="sm" c="dimmed">
          {who} · {formatMoment(reservation.createdAt)}
        </Text>
        {side === 'fromOthers' && reservation.status === 'reserved' && (
          <Button
            component={Link}
            to={paths.marketConfirmPaid.getHref(offer.id, reservation.id)}
            mt={4}
            leftSection={<IconCash size={18} aria-hidden />}
            aria-label={`${t('detail.confirmPaid')}: ${offer.title}, ${fullName(reservation.taker)}`}
          >
            {t('detail.confirmPaid')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function OrderList({ orders, side }: { orders: Order[]; side: 'mine' | 'fromOthers' }) {
  const { t } = useTranslation('market');
  if (orders.length === 0) {
    return side === 'mine' ? (
      <EmptyState
        icon={IconBasket}
        title={t('orders.emptyMineTitle')}
        text={t('orders.emptyMineText')}
        action={
          <Button component={Link} to={paths.market.getHref()} variant="light">
            {t('orders.toMarket')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={IconPackage}
        title={t('orders.emptyFromOthersTitle')}
        text={t('orders.emptyFromOthersText')}
      />
    );
  }
  return (
    <Stack gap="sm">
      {orders.map((order) => (
        <OrderCard key={order.reservation.id} order={order} side={side} />
      ))}
    </Stack>
  );
}

function MyOfferList() {
  const { t } = useTranslation('market');
  const query = useMyOffers();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={IconPackage}
        title={t('orders.emptyOffersTitle')}
        text={t('orders.emptyOffersText')}
        action={
          <Button component={Link} to={paths.marketNew.getHref()}>
            {t('list.new')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      {query.data.map((offer) => (
        <OfferCard key={offer.id} offer={offer} to={paths.marketOffer.getHref(offer.id)} />
      ))}
    </Stack>
  );
}

/**
 * /account/market "Mijn bestellingen": what I reserved or bought, what others reserved from me (with
 * the way to confirm), and my own offers.
 */
export function MyOrders() {
  const { t } = useTranslation('market');
  const query = useMyOrders();
  return (
    <Tabs defaultValue="mine" keepMounted={false}>
      <Tabs.List grow>
        <Tabs.Tab value="mine">{t('orders.mine')}</Tabs.Tab>
        <Tabs.Tab value="fromOthers">{t('orders.fromOthers')}</Tabs.Tab>
        <Tabs.Tab value="offers">{t('orders.myOffers')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="mine" pt="md">
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <OrderList orders={query.data.mine} side="mine" />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="fromOthers" pt="md">
        {query.isPending ? (
          <ListSkeleton />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <OrderList orders={query.data.fromOthers} side="fromOthers" />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="offers" pt="md">
        <MyOfferList />
      </Tabs.Panel>
    </Tabs>
  );
}
