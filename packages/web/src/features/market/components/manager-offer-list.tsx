import { Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBasket, IconReceipt, IconSearch } from '@tabler/icons-react';
import { marketLimits, type ManagerOffer } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ManagerList } from '../../../components/manager-list';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { formatPrice } from '../../../lib/virtual-money';
import { useManagerOffers, type ManagerOfferFilters } from '../api/manager-offers';

/** A card's title beside its state badge: they share a line, and the badge drops below once text is made larger. */
const headerText = { flex: '1 1 10rem', minWidth: 0 } as const;

/** The state of an offer in one word, as the ProductManager reads it. */
export function ManagerOfferStateBadge({
  offer,
}: {
  offer: ManagerOffer | Omit<ManagerOffer, 'reservedCount' | 'paidCount' | 'updatedAt'>;
}) {
  const { t } = useTranslation('productManager');
  const [color, key] = offer.isClosed
    ? (['gray', 'closed'] as const)
    : offer.hasEnded
      ? (['gray', 'ended'] as const)
      : offer.isSoldOut
        ? (['orange', 'soldOut'] as const)
        : (['brand', 'active'] as const);
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
      {t(`state.${key}`)}
    </Badge>
  );
}

function ManagerOfferCard({ offer, to }: { offer: ManagerOffer; to: string }) {
  const { t } = useTranslation('productManager');
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} className="pluk-wrap" style={headerText}>
            {offer.title}
          </Text>
          <ManagerOfferStateBadge offer={offer} />
        </Group>
        <Text size="sm" className="pluk-wrap">
          {t('list.owner', { name: `${offer.owner.firstName} ${offer.owner.lastName}` })}
        </Text>
        <Group gap="md">
          <Text size="sm" fw={500}>
            {formatPrice(offer.priceCents)}
            {offer.unit ? ` / ${offer.unit}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {t('list.left', { left: offer.quantityLeft, count: offer.quantity })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('list.counts', { reserved: offer.reservedCount, paid: offer.paidCount })}
        </Text>
      </Stack>
    </Card>
  );
}

/** A filter's value from the address, or 'all' when it is missing or not one of the choices. */
/** Every offer of the farm for the ProductManager: search, status and price filters, "Meer laden". */
export function ManagerOfferList({
  hrefOf,
  newHref,
  reservationsHref,
}: {
  hrefOf: (id: number) => string;
  newHref: string;
  /** Every reservation of the farm in one table (ADR 096). */
  reservationsHref?: string;
}) {
  const { t } = useTranslation('productManager');
  // The filters live in the address (?q=&status=&price=), so coming back from an offer keeps them.
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  const status = oneOf(params.get('status'), ['all', 'active', 'closed'] as const);
  const price = oneOf(params.get('price'), ['all', 'free', 'paid'] as const);
  const reservations = oneOf(params.get('reservaties'), ['all', 'open'] as const);
  const filters: ManagerOfferFilters = { search: debouncedSearch, status, price, reservations };
  const filtered = filters.search !== '' || status !== 'all' || price !== 'all' || reservations !== 'all';
  const query = useManagerOffers(filters);
  return (
    <Stack gap="md">
      {reservationsHref && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={reservationsHref}
            variant="light"
            leftSection={<IconReceipt size={18} aria-hidden />}
          >
            {t('list.toReservations')}
          </Button>
        </Group>
      )}
      <Stack gap="xs" role="search" aria-label={t('filters.label')}>
        <TextInput
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={marketLimits.searchMax}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <SimpleGrid cols={2} spacing="xs">
          <NativeSelect
            label={t('filters.status')}
            value={status}
            onChange={(event) => setFilter('status', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('filters.statusAll') },
              { value: 'active', label: t('filters.statusActive') },
              { value: 'closed', label: t('filters.statusClosed') },
            ]}
          />
          <NativeSelect
            label={t('filters.price')}
            value={price}
            onChange={(event) => setFilter('price', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('filters.priceAll') },
              { value: 'free', label: t('filters.priceFree') },
              { value: 'paid', label: t('filters.pricePaid') },
            ]}
          />
          <NativeSelect
            label={t('filters.reservations')}
            value={reservations}
            onChange={(event) => setFilter('reservaties', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('filters.reservationsAll') },
              { value: 'open', label: t('filters.reservationsOpen') },
            ]}
          />
        </SimpleGrid>
      </Stack>
      <ManagerList
        query={query}
        newHref={newHref}
        newLabel={t('list.new')}
        empty={
          filtered
            ? { icon: IconSearch, title: t('list.noMatchTitle'), text: t('list.noMatchText') }
            : { icon: IconBasket, title: t('list.emptyTitle'), text: t('list.emptyText') }
        }
      >
        {(offers) =>
          offers.map((offer) => <ManagerOfferCard key={offer.id} offer={offer} to={hrefOf(offer.id)} />)
        }
      </ManagerList>
    </Stack>
  );
}
