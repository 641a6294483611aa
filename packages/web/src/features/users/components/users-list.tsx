import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { roles, type ManagedUser, type ManagedUsersQuery, type Role, type UserSort } from '@pluk/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMayManage } from './may-manage';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { usePagedUsers } from '../api/get-paged-users';

/** The filters of the users list as the screen holds them. */
export interface UsersFilter {
  search: string;
  role: Role | '';
  subscriptionId: number | null;
  activeOnly: boolean;
  sort: UserSort;
  direction: 'asc' | 'desc';
}

export const defaultUsersFilter: UsersFilter = {
  search: '',
  role: '',
  subscriptionId: null,
  activeOnly: true,
  sort: 'name',
  direction: 'asc',
};

export const usersPageSize = 25;

/** The list's query body from the filters. */
export function usersQuery(filter: UsersFilter, page: number): ManagedUsersQuery {
  return {
    page,
    rowsPerPage: usersPageSize,
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
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
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

function fullName(user: ManagedUser) {
  return `${user.firstName} ${user.lastName}`;
}

function StatusBadges({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('users');
  const mayManage = useMayManage(user);
  return (
    <Group gap={4}>
      {/* ADR 086: said before the actions are tried (the multi-actions skip nothing themselves). */}
      {!mayManage && (
        <Badge color="gray" variant="outline" title={t('aboveYours.badgeHelp')}>
          {t('aboveYours.badge')}
        </Badge>
      )}
      {!user.isApproved && (
        <Badge color="orange" variant="light">
          {t('status.waiting')}
        </Badge>
      )}
      {!user.isActive && (
        <Badge color="gray" variant="light">
          {t('status.inactive')}
        </Badge>
      )}
      {user.roles.map((role) => (
        <Badge key={role} variant="light">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}

export interface UsersSelection {
  selected: ReadonlySet<number>;
  toggle: (user: ManagedUser, checked: boolean) => void;
  togglePage: (users: ManagedUser[], checked: boolean) => void;
}

function NameCell({ user, detailHref }: { user: ManagedUser; detailHref?: (id: number) => string }) {
  return detailHref ? (
    <Text
      component={Link}
      to={detailHref(user.id)}
      fw={600}
      c="var(--mantine-primary-color-filled)"
      className="pluk-wrap"
    >
      {fullName(user)}
    </Text>
  ) : (
    <Text fw={600} className="pluk-wrap">
      {fullName(user)}
    </Text>
  );
}

function UserCard({
  user,
  selection,
  detailHref,
}: {
  user: ManagedUser;
  selection?: UsersSelection;
  detailHref?: (id: number) => string;
}) {
  const { t } = useTranslation('users');
  return (
    <Card withBorder radius="md" padding="md">
      <Group wrap="nowrap" align="flex-start">
        {selection && (
          <Checkbox
            mt={4}
            aria-label={t('list.select', { name: fullName(user) })}
            checked={selection.selected.has(user.id)}
            onChange={(event) => selection.toggle(user, event.currentTarget.checked)}
          />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <NameCell user={user} detailHref={detailHref} />
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {user.username} · {user.email}
          </Text>
          <StatusBadges user={user} />
        </Stack>
      </Group>
    </Card>
  );
}

function UserTable({
  users,
  selection,
  detailHref,
}: {
  users: ManagedUser[];
  selection?: UsersSelection;
  detailHref?: (id: number) => string;
}) {
  const { t } = useTranslation('users');
  const allChecked = selection !== undefined && users.every((user) => selection.selected.has(user.id));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th>
                <Checkbox
                  aria-label={t('list.selectPage')}
                  checked={allChecked}
                  onChange={(event) => selection.togglePage(users, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>{t('list.columns.name')}</Table.Th>
            <Table.Th>{t('list.columns.username')}</Table.Th>
            <Table.Th>{t('list.columns.email')}</Table.Th>
            <Table.Th>{t('list.columns.status')}</Table.Th>
            <Table.Th>{t('list.columns.lastSeen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              {selection && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('list.select', { name: fullName(user) })}
                    checked={selection.selected.has(user.id)}
                    onChange={(event) => selection.toggle(user, event.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <NameCell user={user} detailHref={detailHref} />
              </Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td className="pluk-wrap">{user.email}</Table.Td>
              <Table.Td>
                <StatusBadges user={user} />
              </Table.Td>
              <Table.Td>{user.lastSeenAt ? formatDate(user.lastSeenAt) : t('list.neverSeen')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The farm's users, filtered and sorted on the server a page at a time: cards on a phone, a table on a
 * wide screen; with `selection` each row has a checkbox (the multi-actions screen).
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
  selection?: UsersSelection;
  /** Above the list, next to "Nieuw lid" (links to the other users screens). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('users');
  const wide = useMediaQuery('(min-width: 62em)');
  const [filter, setFilter] = useState<UsersFilter>(defaultUsersFilter);
  const [page, setPage] = useState(1);
  const [debounced] = useDebouncedValue(filter, 250);
  const query = usePagedUsers(usersQuery(debounced, page));

  let body: ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.items.length === 0)
    body = <EmptyState icon={IconUsers} title={t('list.emptyTitle')} text={t('list.emptyText')} />;
  else {
    const { items, total } = query.data;
    const pages = Math.ceil((total ?? items.length) / usersPageSize);
    body = (
      <Stack gap="sm">
        <Text c="dimmed" aria-live="polite">
          {t('list.count', { count: total ?? items.length })}
        </Text>
        {selection && !wide && (
          <Checkbox
            label={t('list.selectPage')}
            checked={items.every((user) => selection.selected.has(user.id))}
            onChange={(event) => selection.togglePage(items, event.currentTarget.checked)}
          />
        )}
        {wide ? (
          <UserTable users={items} selection={selection} detailHref={detailHref} />
        ) : (
          <Stack gap="sm">
            {items.map((user) => (
              <UserCard key={user.id} user={user} selection={selection} detailHref={detailHref} />
            ))}
          </Stack>
        )}
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
      <UsersFilters
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
        subscriptions={subscriptions}
      />
      {body}
    </Stack>
  );
}
