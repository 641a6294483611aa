import {
  Button,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { roles, type ManagedUser, type ManagedUsersQuery, type Role, type UserSort } from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  PageSizeSelect,
  SelectionBar,
  useSelection,
  type PageSize,
  type Selection,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { downloadCsv } from '../../../lib/csv';
import { usePagedUsers } from '../api/get-paged-users';
import { usersCsv } from '../users-csv';
import { UsersTable } from './users-table';

/** The filters of the users list as the screen holds them. */
export interface UsersFilter {
  search: string;
  role: Role | '';
  subscriptionId: number | null;
  activeOnly: boolean;
  sort: UserSort;
  direction: 'asc' | 'desc';
  /** Members per page (ADR 096: 25, 50 or 100; the contract allows up to 200). */
  rowsPerPage: PageSize;
}

export const defaultUsersFilter: UsersFilter = {
  search: '',
  role: '',
  subscriptionId: null,
  activeOnly: true,
  sort: 'name',
  direction: 'asc',
  rowsPerPage: 25,
};

/** The list's query body from the filters. */
export function usersQuery(filter: UsersFilter, page: number): ManagedUsersQuery {
  return {
    page,
    rowsPerPage: filter.rowsPerPage,
    filter: filter.search.trim() || undefined,
    role: filter.role || undefined,
    subscriptionId: filter.subscriptionId ?? undefined,
    isActive: filter.activeOnly ? true : undefined,
    sort: filter.sort,
    direction: filter.direction,
  };
}

export interface SubscriptionChoice {
  id: number;
  name: string;
  harvestYear: number;
}

/** Search, role, subscription, active-only and order of the users list. */
export function UsersFilters({
  filter,
  onChange,
  subscriptions,
}: {
  filter: UsersFilter;
  onChange: (filter: UsersFilter) => void;
  subscriptions: SubscriptionChoice[];
}) {
  const { t } = useTranslation('users');
  const set = (patch: Partial<UsersFilter>) => onChange({ ...filter, ...patch });
  return (
    <Stack gap="xs">
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter.search}
        onChange={(event) => set({ search: event.currentTarget.value })}
        type="search"
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="xs">
        <NativeSelect
          label={t('list.role')}
          value={filter.role}
          onChange={(event) => set({ role: event.currentTarget.value as Role | '' })}
          data={[
            { value: '', label: t('list.allRoles') },
            ...roles.map((role) => ({ value: role, label: t(`roles.${role}`) })),
          ]}
        />
        <NativeSelect
          label={t('list.subscription')}
          value={filter.subscriptionId === null ? '' : String(filter.subscriptionId)}
          onChange={(event) =>
            set({ subscriptionId: event.currentTarget.value ? Number(event.currentTarget.value) : null })
          }
          data={[
            { value: '', label: t('list.allSubscriptions') },
            ...subscriptions.map((s) => ({ value: String(s.id), label: `${s.name} (${s.harvestYear})` })),
          ]}
        />
        <NativeSelect
          label={t('list.sort')}
          value={`${filter.sort}:${filter.direction}`}
          onChange={(event) => {
            const [sort, direction] = event.currentTarget.value.split(':') as [UserSort, 'asc' | 'desc'];
            set({ sort, direction });
          }}
          data={(['name_asc', 'name_desc', 'created_desc', 'created_asc', 'lastSeen_desc'] as const).map(
            (key) => ({ value: key.replace('_', ':'), label: t(`list.sorts.${key}`) }),
          )}
        />
        <PageSizeSelect value={filter.rowsPerPage} onChange={(rowsPerPage) => set({ rowsPerPage })} />
        <Switch
          mt={{ base: 4, md: 30 }}
          label={t('list.activeOnly')}
          checked={filter.activeOnly}
          onChange={(event) => set({ activeOnly: event.currentTarget.checked })}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The farm's users, filtered and sorted on the server a page at a time (ADR 096): cards on a phone, a
 * table on a laptop whose columns sort; a checkbox per member. Without a `selection` from the screen
 * (the multi-actions keep theirs) the list keeps its own and offers to export it.
 */
export function UsersList({
  subscriptions,
  newHref,
  detailHref,
  selection,
  toolbar,
}: {
  subscriptions: SubscriptionChoice[];
  newHref?: string;
  detailHref?: (id: number) => string;
  selection?: Selection<ManagedUser>;
  /** Above the list, next to "Nieuw lid" (links to the other users screens). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('users');
  const own = useSelection<ManagedUser>();
  const chosen = selection ?? own;
  const [filter, setFilter] = useState<UsersFilter>(defaultUsersFilter);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filter, 250);
  const query = usePagedUsers(usersQuery(debounced, page));
  const change = (next: UsersFilter) => {
    setFilter(next);
    setPage(1);
  };

  let body: ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.items.length === 0)
    body = <EmptyState icon={IconUsers} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  else {
    const { items, total } = query.data;
    const pages = Math.ceil((total ?? items.length) / debounced.rowsPerPage);
    body = (
      <Stack gap="sm">
        <Text c="dimmed" aria-live="polite">
          {t('list.count', { count: total ?? items.length })}
        </Text>
        <UsersTable
          users={items}
          selection={chosen}
          detailHref={detailHref}
          sort={filter}
          onSort={(sort, direction) => change({ ...filter, sort, direction })}
        />
        {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="lg" mx="auto" />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {(newHref || toolbar) && (
        <Group justify="flex-end" gap="xs">
          {toolbar}
          {newHref && (
            <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />} size="md">
              {t('list.new')}
            </Button>
          )}
        </Group>
      )}
      <UsersFilters filter={filter} onChange={change} subscriptions={subscriptions} />
      {!selection && (
        <SelectionBar
          count={own.rows.length}
          label={t('list.selectionLabel')}
          onClear={own.clear}
          onExport={() =>
            downloadCsv(t('list.exportFile'), usersCsv(own.rows, t('multi.csvHeader').split(';')))
          }
        />
      )}
      {body}
    </Stack>
  );
}
