import { Badge, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingBank,
  IconCalendarPlus,
  IconFileImport,
  IconFileSpreadsheet,
  IconMail,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { bankLimits, transactionStatuses, type ManagedTransaction } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageSizeSelect, pageSizeOf, useSelection } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTransactionStatusLabel } from '../../../components/status/status-badges';
import { feedItems } from '../../../lib/feed-pages';
import { useErrorText } from '../../../lib/form';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { useExportTransactions, useExportUsers } from './api/export-transactions';
import type { TransactionFilters } from './api/keys';
import { useSubscriptionsOfYear } from './api/member-lookup';
import { useCurrentBankYear } from './api/summary';
import { useTransactions } from './api/transactions';
import { BankSummaryCards } from './bank-summary';
import { BulkActions } from './bulk-actions';
import { MemberSelect } from './member-select';
import { NewTransactionDialog } from './new-transaction-dialog';
import { notifyError, notifySuccess } from './notify';
import { TransactionTable } from './transaction-table';

export interface ManagerBankLinks {
  detail: (id: number) => string;
  /** The admin actions of the bank (their own screens). */
  yearly: string;
  emails: string;
  import: string;
}

/** A whole number from the address, or null. */
function idFrom(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}

/** The harvest years offered: the next one, this one and four before. */
function yearChoices(current: number, chosen: number): number[] {
  const years = Array.from({ length: 6 }, (_, index) => current + 1 - index);
  return years.includes(chosen) ? years : [...years, chosen].sort((a, b) => b - a);
}

function Actions({
  harvestYear,
  links,
  onNew,
}: {
  harvestYear: number;
  links: ManagerBankLinks;
  onNew: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const exportYear = useExportTransactions();
  const exportUsers = useExportUsers();
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onNew}>
          {t('list.new')}
        </Button>
        <Button
          size="md"
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={exportYear.isPending}
          onClick={() =>
            exportYear.mutate(harvestYear, {
              onSuccess: () => notifySuccess(t('list.exported', { year: harvestYear })),
              onError: (error) => notifyError(errorText(error)),
            })
          }
        >
          {t('list.export', { year: harvestYear })}
        </Button>
        <Button
          size="md"
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={exportUsers.isPending}
          onClick={() =>
            exportUsers.mutate(undefined, {
              onSuccess: () => notifySuccess(t('list.exportedUsers')),
              onError: (error) => notifyError(errorText(error)),
            })
          }
        >
          {t('list.exportUsers')}
        </Button>
      </Group>
      <Group gap="sm" component="nav" aria-label={t('list.adminActions')}>
        <Button
          component={Link}
          to={links.yearly}
          variant="subtle"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
        >
          {t('list.yearly')}
        </Button>
        <Button
          component={Link}
          to={links.emails}
          variant="subtle"
          leftSection={<IconMail size={18} aria-hidden />}
        >
          {t('list.emails')}
        </Button>
        <Button
          component={Link}
          to={links.import}
          variant="subtle"
          leftSection={<IconFileImport size={18} aria-hidden />}
        >
          {t('list.import')}
        </Button>
      </Group>
    </Stack>
  );
}

function SubscriptionFilter({
  harvestYear,
  value,
  onChange,
}: {
  harvestYear: number;
  value: number | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const subscriptions = useSubscriptionsOfYear(harvestYear);
  return (
    <NativeSelect
      label={t('filters.subscription')}
      // Without the subscriptions the filter says why instead of failing the list.
      description={subscriptions.isError ? errorText(subscriptions.error) : undefined}
      value={value === null ? 'all' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[
        { value: 'all', label: t('filters.subscriptionAll') },
        ...(subscriptions.data ?? []).map((subscription) => ({
          value: String(subscription.id),
          label: subscription.name,
        })),
      ]}
    />
  );
}

function Transactions({
  filters,
  filtered,
  hrefOf,
}: {
  filters: TransactionFilters;
  filtered: boolean;
  hrefOf: (id: number) => string;
}) {
  const { t } = useTranslation('bankManager');
  const query = useTransactions(filters);
  const selection = useSelection<ManagedTransaction>();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, (item) => item.id);
  const bulk = <BulkActions rows={selection.rows} onClear={selection.clear} />;
  if (items.length === 0)
    return (
      <Stack gap="sm">
        {bulk}
        {filtered ? (
          <EmptyState icon={IconSearch} title={t('list.noMatchTitle')} text={t('list.noMatchText')} />
        ) : (
          <EmptyState
            icon={IconBuildingBank}
            title={t('list.emptyTitle', { year: filters.harvestYear })}
            text={t('list.emptyText')}
          />
        )}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {bulk}
      {/* A laptop gets a table (sortable, its header stays); a phone cards (ADR 096). */}
      <TransactionTable rows={items} hrefOf={hrefOf} selected={selection.ids} onSelect={selection.onSelect} />
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}

function BankList({
  currentYear,
  links,
  onCreated,
}: {
  currentYear: number;
  links: ManagerBankLinks;
  onCreated: (transaction: ManagedTransaction) => void;
}) {
  const { t } = useTranslation('bankManager');
  const statusLabel = useTransactionStatusLabel();
  const [creating, { open, close }] = useDisclosure(false);
  // The filters live in the address (?oogstjaar=&status=&abonnement=&lid=&q=): coming back keeps them.
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  const [, setParams] = useSearchParams();
  /** Several parameters at once (one `setFilter` after another would each start from the same address). */
  const setFilters = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  const harvestYear = idFrom(params.get('oogstjaar')) ?? currentYear;
  const status = oneOf(params.get('status'), ['all', ...transactionStatuses] as const);
  const subscriptionId = idFrom(params.get('abonnement'));
  const userId = idFrom(params.get('lid'));
  const rowsPerPage = pageSizeOf(params.get('per'));
  const member =
    userId === null
      ? null
      : { id: userId, name: params.get('lidnaam') ?? t('filters.memberUnknown', { id: userId }) };
  const overdue = params.get('achterstallig') === '1';
  const filters: TransactionFilters = {
    harvestYear,
    status: status === 'all' ? null : status,
    subscriptionId,
    userId,
    search: debouncedSearch,
    overdue,
    rowsPerPage,
  };
  const filtered =
    overdue || status !== 'all' || subscriptionId !== null || userId !== null || debouncedSearch !== '';
  return (
    <Stack gap="lg">
      <Actions harvestYear={harvestYear} links={links} onNew={open} />
      <BankSummaryCards harvestYear={harvestYear} />
      <Stack gap="xs" role="search" aria-label={t('filters.label')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <NativeSelect
            label={t('filters.harvestYear')}
            value={String(harvestYear)}
            onChange={(event) => {
              const year = event.currentTarget.value;
              // Subscriptions belong to one harvest year: another year drops that filter.
              setFilters({ oogstjaar: year === String(currentYear) ? null : year, abonnement: null });
            }}
            data={yearChoices(currentYear, harvestYear).map((year) => String(year))}
          />
          <NativeSelect
            label={t('filters.status')}
            value={status}
            onChange={(event) => setFilter('status', event.currentTarget.value)}
            data={[
              { value: 'all', label: t('filters.statusAll') },
              ...transactionStatuses.map((value) => ({ value, label: statusLabel(value) })),
            ]}
          />
          <SubscriptionFilter
            harvestYear={harvestYear}
            value={subscriptionId}
            onChange={(value) => setFilter('abonnement', value)}
          />
          <PageSizeSelect
            label={t('filters.rowsPerPage')}
            value={rowsPerPage}
            onChange={(size) => setFilters({ per: size === 25 ? null : String(size) })}
          />
          <MemberSelect
            label={t('filters.member')}
            value={member}
            onChange={(choice) =>
              setFilters({ lid: choice ? String(choice.id) : null, lidnaam: choice ? choice.name : null })
            }
          />
        </SimpleGrid>
        <TextInput
          type="search"
          label={t('filters.search')}
          description={t('filters.searchHelp')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={bankLimits.searchMax}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {overdue && (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Badge size="lg" color="orange" variant="light" className="pluk-wrap">
              {t('filters.overdueOnly')}
            </Badge>
            <Button variant="subtle" size="compact-md" onClick={() => setFilters({ achterstallig: null })}>
              {t('filters.overdueClear')}
            </Button>
          </Group>
        )}
      </Stack>
      <Transactions filters={filters} filtered={filtered} hrefOf={links.detail} />
      <NewTransactionDialog
        opened={creating}
        onClose={close}
        harvestYear={harvestYear}
        onCreated={onCreated}
      />
    </Stack>
  );
}

/**
 * `/applicationManager/bank`: what members owe and paid in a harvest year (the summary), every
 * transaction with filters, "Nieuwe transactie", the year's export and the bank's admin actions.
 */
export function ManagerBankList({
  links,
  onCreated,
}: {
  links: ManagerBankLinks;
  onCreated: (transaction: ManagedTransaction) => void;
}) {
  const current = useCurrentBankYear();
  if (current.isPending) return <LoadingState />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  return <BankList currentYear={current.data} links={links} onCreated={onCreated} />;
}
