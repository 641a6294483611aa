import { Button, SegmentedControl, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBasket, IconPlus, IconSearch } from '@tabler/icons-react';
import { marketLimits, type PriceFilter } from '@pluk/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useOffers } from '../api/get-offers';
import { OfferCard } from './offer-card';

/** How long the search box waits for more typing before it asks the server. */
export const searchDebounceMs = 300;

function OfferResults({
  search,
  price,
  hrefOf,
  newHref,
}: {
  search: string;
  price: PriceFilter;
  hrefOf: (id: number) => string;
  newHref: string;
}) {
  const { t } = useTranslation('market');
  const query = useOffers({ search: search || undefined, price });
  if (query.isPending) return <ListSkeleton photo />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const offers = feedItems(query.data, (offer) => offer.id);
  if (offers.length === 0) {
    const filtered = search !== '' || price !== 'all';
    return filtered ? (
      <EmptyState
        icon={IconSearch}
        color="gray"
        title={t('list.noResultsTitle')}
        text={t('list.noResultsText')}
      />
    ) : (
      <EmptyState
        icon={IconBasket}
        title={t('list.emptyTitle')}
        text={t('list.emptyText')}
        action={
          <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('list.new')}
          </Button>
        }
      />
    );
  }
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {offers.map((offer) => (
          <OfferCard key={offer.id} offer={offer} to={hrefOf(offer.id)} />
        ))}
      </SimpleGrid>
      <LoadMore query={query} shown={offers.length} />
    </Stack>
  );
}

/** /market: active offers with a search box, a free/paid filter, "Meer laden" and a "Nieuw aanbod" button. */
export function OfferList({
  hrefOf,
  newHref,
  ordersHref,
}: {
  hrefOf: (id: number) => string;
  newHref: string;
  ordersHref: string;
}) {
  const { t } = useTranslation('market');
  // Search and filter live in the address (?zoek=…&prijs=…): back from an offer, the list is as it was.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('zoek') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), searchDebounceMs);
  const rawPrice = params.get('prijs');
  // Read by hand, not with the contract's schema: the list stays without zod (decision 045).
  const price: PriceFilter = rawPrice === 'free' || rawPrice === 'paid' ? rawPrice : 'all';
  useEffect(() => {
    if ((params.get('zoek') ?? '') === debounced) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('zoek', debounced);
        else next.delete('zoek');
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);
  const setPrice = (value: PriceFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'all') next.delete('prijs');
        else next.set('prijs', value);
        return next;
      },
      { replace: true },
    );
  const priceLabelId = useId();
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('list.intro')}</Text>
      <Button
        component={Link}
        to={newHref}
        size="md"
        fullWidth
        leftSection={<IconPlus size={20} aria-hidden />}
      >
        {t('list.new')}
      </Button>
      <Button component={Link} to={ordersHref} variant="subtle" style={{ alignSelf: 'flex-start' }}>
        {t('list.mine')}
      </Button>
      <TextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        maxLength={marketLimits.searchMax}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <div role="group" aria-labelledby={priceLabelId}>
        <VisuallyHidden id={priceLabelId}>{t('list.price')}</VisuallyHidden>
        <SegmentedControl
          fullWidth
          value={price}
          onChange={(value) => setPrice(value as PriceFilter)}
          data={[
            { value: 'all', label: t('list.priceAll') },
            { value: 'free', label: t('list.priceFree') },
            { value: 'paid', label: t('list.pricePaid') },
          ]}
        />
      </div>
      <OfferResults search={debounced} price={price} hrefOf={hrefOf} newHref={newHref} />
    </Stack>
  );
}
