import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { marketLimits, marketRoutes, type ManagerReservation } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { BulkResults, useBulkRun } from '../../../components/bulk-results';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageSizeSelect, pageSizeOf, SelectionBar, useSelection } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useReservationStatusLabel } from '../../../components/status/status-badges';
import { apiRequest } from '../../../lib/api-client';
import { feedItems } from '../../../lib/feed-pages';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { formatPrice } from '../../../lib/virtual-money';
import { invalidateAfterOfferChange } from '../api/manager-offers';
import { useManagerReservations, type ReservationFilters } from '../api/manager-reservations';
import { fullName } from './offer-format';
import { reservationsCsv } from './reservations-csv';
import { ReservationsTable } from './reservations-table';

/** A whole number from the address, or null. */
function idFrom(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The status select's values in the address: open ones first (the default), `alle` for every status. */
const statusChoices = ['reserved', 'alle', 'paid', 'refused', 'cancelled'] as const;

/**
 * Confirms the chosen open reservations as paid, one call each (the single confirm, with its own
 * checks and ledger move), and says what happened to each (ADR 096).
 */
function useConfirmMany(onDone: () => void) {
  const { t } = useTranslation('productManager');
  const queryClient = useQueryClient();
  const bulk = useBulkRun();
  const run = (rows: ManagerReservation[]) =>
    void bulk
      .start(
        rows,
        (row) => `${fullName(row.taker)} — ${row.offer.title}`,
        async (row) => {
          await apiRequest(marketRoutes.managerConfirm, { body: { reservationId: row.id } });
          return row.totalCents > 0
            ? t('reservations.donePaid', {
                amount: formatPrice(row.totalCents),
                owner: fullName(row.offer.owner),
              })
            : t('reservations.doneFree');
        },
      )
      .then(async () => {
        onDone();
        await invalidateAfterOfferChange(queryClient);
      });
  return { ...bulk, run };
}

/**
 * `/applicationManager/product/reservations`: every reservation of the farm, open ones first (ADR 096),
 * to confirm many as paid after a market day and to export; each offer's page keeps its takers.
 */
export function ManagerReservations({ offerHref }: { offerHref: (id: number) => string }) {
  const { t } = useTranslation('productManager');
  const statusLabel = useReservationStatusLabel();
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  const urlStatus = oneOf(params.get('status'), statusChoices);
  const offerId = idFrom(params.get('aanbod'));
  const filters: ReservationFilters = {
    status: urlStatus === 'alle' ? 'all' : urlStatus,
    search: debouncedSearch,
    pageSize: pageSizeOf(params.get('per')),
    ...(offerId === null ? {} : { offerId }),
  };
  const query = useManagerReservations(filters);
  const selection = useSelection<ManagerReservation>();
  const [asking, ask] = useDisclosure(false);
  const confirmMany = useConfirmMany(selection.clear);
  const open = selection.rows.filter((row) => row.status === 'reserved');
  const items = feedItems(query.data, (item) => item.id);

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={IconReceipt}
        title={t('reservations.emptyTitle')}
        text={t('reservations.emptyText')}
      />
    );
  else
    body = (
      <Stack gap="sm">
        <ReservationsTable rows={items} selection={selection} offerHref={offerHref} />
        <LoadMore query={query} shown={items.length} />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Stack gap="xs" role="search" aria-label={t('reservations.filters')}>
        <TextInput
          type="search"
          label={t('filters.search')}
          placeholder={t('reservations.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={marketLimits.searchMax}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <NativeSelect
            label={t('filters.status')}
            value={urlStatus}
            onChange={(event) =>
              setFilter(
                'status',
                event.currentTarget.value === 'reserved' ? 'all' : event.currentTarget.value,
              )
            }
            data={statusChoices.map((value) => ({
              value,
              label: value === 'alle' ? t('filters.statusAll') : statusLabel(value),
            }))}
          />
          <PageSizeSelect
            value={filters.pageSize as 25 | 50 | 100}
            onChange={(size) => setFilter('per', size === 25 ? 'all' : String(size))}
          />
        </SimpleGrid>
        {offerId !== null && (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Badge size="lg" variant="light" className="pluk-wrap">
              {t('reservations.oneOffer')}
            </Badge>
            <Button variant="subtle" size="compact-md" onClick={() => setFilter('aanbod', 'all')}>
              {t('reservations.everyOffer')}
            </Button>
          </Group>
        )}
      </Stack>
      <SelectionBar
        count={selection.rows.length}
        label={t('reservations.selectionLabel')}
        onClear={selection.clear}
        onExport={() => reservationsCsv(selection.rows, t('reservations.csvHeader').split(';'), statusLabel)}
      >
        <Button
          leftSection={<IconCash size={18} aria-hidden />}
          disabled={open.length === 0 || confirmMany.running}
          onClick={ask.open}
        >
          {t('reservations.confirmMany', { count: open.length })}
        </Button>
      </SelectionBar>
      <BulkResults
        results={confirmMany.results}
        total={confirmMany.total}
        running={confirmMany.running}
        label={t('reservations.results')}
      />
      {body}
      <ConfirmDialog
        opened={asking}
        onClose={ask.close}
        title={t('reservations.confirmTitle')}
        text={t('reservations.confirmText', {
          count: open.length,
          amount: formatPrice(open.reduce((sum, row) => sum + row.totalCents, 0)),
        })}
        confirmLabel={t('reservations.confirmYes', { count: open.length })}
        pending={false}
        error={null}
        onConfirm={() => {
          ask.close();
          confirmMany.run(open);
        }}
      />
    </Stack>
  );
}
