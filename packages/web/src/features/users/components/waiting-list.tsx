import { Badge, Card, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import { waitingListQuery, type ManagedUser } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { usePagedUsers } from '../api/get-paged-users';
import { ApproveUserButton } from './approve-user-button';
import { RefuseUserButton } from './refuse-user-button';

function registeredOn(user: ManagedUser): string {
  return formatDate(user.createdAt);
}

function UserCard({ user }: { user: ManagedUser }) {
  const { t } = useTranslation('users');
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div className="pluk-wrap">
            <Text fw={600}>
              {user.firstName} {user.lastName}
            </Text>
            <Text size="sm" c="dimmed">
              {user.username}
            </Text>
          </div>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {t('waitingList.householdSize', { count: user.householdSize })}
          </Badge>
        </Group>
        <Text size="sm" className="pluk-wrap">
          {user.email}
        </Text>
        {user.phone && <Text size="sm">{user.phone}</Text>}
        {user.customQuestionAnswer && (
          <Text size="sm" className="pluk-wrap">
            <Text span c="dimmed">
              {t('waitingList.answer')}:{' '}
            </Text>
            {user.customQuestionAnswer}
          </Text>
        )}
        <Group justify="space-between" mt={4}>
          <Text size="xs" c="dimmed">
            {t('waitingList.registeredOn', { date: registeredOn(user) })}
          </Text>
          <Group gap="xs">
            <RefuseUserButton user={user} />
            <ApproveUserButton user={user} />
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function UserTable({ users }: { users: ManagedUser[] }) {
  const { t } = useTranslation('users');
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('waitingList.columns.name')}</Table.Th>
            <Table.Th>{t('waitingList.columns.username')}</Table.Th>
            <Table.Th>{t('waitingList.columns.email')}</Table.Th>
            <Table.Th>{t('waitingList.columns.phone')}</Table.Th>
            <Table.Th>{t('waitingList.columns.household')}</Table.Th>
            <Table.Th>{t('waitingList.columns.answer')}</Table.Th>
            <Table.Th>{t('waitingList.columns.registered')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('waitingList.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                {user.firstName} {user.lastName}
              </Table.Td>
              <Table.Td>{user.username}</Table.Td>
              <Table.Td>{user.email}</Table.Td>
              <Table.Td>{user.phone}</Table.Td>
              <Table.Td>{user.householdSize}</Table.Td>
              <Table.Td maw={240}>{user.customQuestionAnswer}</Table.Td>
              <Table.Td>{registeredOn(user)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <RefuseUserButton user={user} />
                  <ApproveUserButton user={user} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The users waiting for approval (docs/product/api-and-routes.md, "Paging": page 1, 50 rows), cards on
 * phones, a table wider.
 */
export function WaitingList() {
  const { t } = useTranslation('users');
  const [page, setPage] = useState<number>(waitingListQuery.page);
  const wide = useMediaQuery('(min-width: 62em)');
  const query = usePagedUsers({ ...waitingListQuery, page });

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const { items, total, rowsPerPage } = query.data;
  if (total === 0) {
    return (
      <EmptyState icon={IconUsers} title={t('waitingList.emptyTitle')} text={t('waitingList.emptyText')} />
    );
  }

  const pages = Math.ceil(total / rowsPerPage);
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('waitingList.count', { count: total })}</Text>
      {wide ? (
        <UserTable users={items} />
      ) : (
        <Stack gap="sm">
          {items.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="lg" mx="auto" />}
    </Stack>
  );
}
