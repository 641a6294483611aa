import { Button, Group, Stack } from '@mantine/core';
import { IconPlus, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';
import { ErrorState, LoadingState } from './query-state';

interface ManagerListProps<T> {
  query: UseQueryResult<T[]>;
  /** Where the "new" button goes, and what it says ("Nieuw klusje"). */
  newHref: string;
  newLabel: string;
  empty: { icon: Icon; title: string; text: string };
  /** The rows, once there are any. */
  children: (items: T[]) => ReactNode;
}

/**
 * A manager's list of everything in one area (chores, events, posts): loading, error with retry, an
 * empty state that offers to make the first one, and otherwise the rows under a "new" button.
 */
export function ManagerList<T>({ query, newHref, newLabel, empty, children }: ManagerListProps<T>) {
  const newButton = (
    <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />} size="md">
      {newLabel}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState {...empty} action={newButton} />;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{newButton}</Group>
      {children(query.data)}
    </Stack>
  );
}
