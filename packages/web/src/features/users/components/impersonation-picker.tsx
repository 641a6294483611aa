import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserShare } from '@tabler/icons-react';
import type { ManagedUser } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useAppStore } from '../../../lib/store';
import { usePagedUsers } from '../api/get-paged-users';

export const pickerRowsPerPage = 20;

interface ImpersonationPickerProps {
  /** The signed-in Admin (not offered: acting as yourself changes nothing). */
  ownUserId: number;
  onPick: (user: ManagedUser) => void;
}

/** Search the app's users and choose one to act as. */
export function ImpersonationPicker({ ownUserId, onPick }: ImpersonationPickerProps) {
  const { t } = useTranslation('users');
  const [filter, setFilter] = useState('');
  const [debounced] = useDebouncedValue(filter.trim(), 300);
  // Once a user is chosen the server answers as that user: this Admin-only list must not be asked again.
  const impersonating = useAppStore((state) => state.admin.impersonating !== null);
  const query = usePagedUsers(
    { page: 1, rowsPerPage: pickerRowsPerPage, filter: debounced || undefined },
    { enabled: !impersonating },
  );
  const users = query.data?.items.filter((user) => user.id !== ownUserId) ?? [];

  return (
    <Stack gap="md">
      <TextInput
        label={t('experimental.search')}
        placeholder={t('experimental.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        autoComplete="off"
        autoCapitalize="none"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : users.length === 0 ? (
        <Text c="dimmed">{t('experimental.noUsers')}</Text>
      ) : (
        <Stack gap="xs">
          {users.map((user) => (
            <Card key={user.id} withBorder padding="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <div className="pluk-wrap">
                  <Text fw={600}>
                    {user.firstName} {user.lastName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {user.username} · {user.email}
                  </Text>
                </div>
                <Button
                  size="sm"
                  variant="light"
                  style={{ flexShrink: 0 }}
                  leftSection={<IconUserShare size={16} aria-hidden />}
                  onClick={() => onPick(user)}
                  aria-label={t('experimental.actAsUser', { name: `${user.firstName} ${user.lastName}` })}
                >
                  {t('experimental.actAs')}
                </Button>
              </Group>
            </Card>
          ))}
          {query.data.total > pickerRowsPerPage && (
            <Text size="sm" c="dimmed">
              {t('experimental.refine', { count: query.data.total })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
