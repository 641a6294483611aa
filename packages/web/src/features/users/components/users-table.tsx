import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ManagedUser, UserSort } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type Column, type Selection, type SortState } from '../../../components/data-table';
import { formatDate } from '../../../lib/dates';
import { useMayManage } from './may-manage';

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
        <Badge color="gray.7" variant="outline" title={t('aboveYours.badgeHelp')}>
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

function UserCard({ user, detailHref }: { user: ManagedUser; detailHref?: (id: number) => string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <NameCell user={user} detailHref={detailHref} />
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {user.username} · {user.email}
        </Text>
        <StatusBadges user={user} />
      </Stack>
    </Card>
  );
}

/**
 * The users of one page (ADR 096): a table on a laptop whose name, account and last-visit columns ask
 * the server for its order (the list is paged there), cards on a phone; a checkbox per member.
 */
export function UsersTable({
  users,
  selection,
  detailHref,
  sort,
  onSort,
}: {
  users: ManagedUser[];
  selection: Selection<ManagedUser>;
  detailHref?: (id: number) => string;
  sort: { sort: UserSort; direction: 'asc' | 'desc' };
  onSort: (sort: UserSort, direction: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation('users');
  const columns: Column<ManagedUser>[] = [
    {
      key: 'name',
      label: t('list.columns.name'),
      sort: true,
      cell: (user) => <NameCell user={user} detailHref={detailHref} />,
    },
    { key: 'username', label: t('list.columns.username'), cell: (user) => user.username },
    {
      key: 'email',
      label: t('list.columns.email'),
      cell: (user) => <span className="pluk-wrap">{user.email}</span>,
    },
    { key: 'status', label: t('list.columns.status'), cell: (user) => <StatusBadges user={user} /> },
    {
      key: 'created',
      label: t('list.columns.created'),
      sort: true,
      nowrap: true,
      cell: (user) => formatDate(user.createdAt),
    },
    {
      key: 'lastSeen',
      label: t('list.columns.lastSeen'),
      sort: true,
      cell: (user) => (user.lastSeenAt ? formatDate(user.lastSeenAt) : t('list.neverSeen')),
    },
  ];
  const value: SortState = { column: sort.sort, ascending: sort.direction === 'asc' };
  return (
    <DataTable
      rows={users}
      columns={columns}
      label={t('list.label')}
      card={(user) => <UserCard user={user} detailHref={detailHref} />}
      sort={{
        value,
        onChange: (next) => onSort(next.column as UserSort, next.ascending ? 'asc' : 'desc'),
      }}
      selection={{
        selected: selection.ids,
        onSelect: selection.onSelect,
        pageLabel: t('list.selectPage'),
        rowLabel: (user) => t('list.select', { name: fullName(user) }),
      }}
    />
  );
}
