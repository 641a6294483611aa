import { Button, Group, Stack } from '@mantine/core';
import { IconPlus, type Icon } from '@tabler/icons-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state';
import { LoadMore } from './load-more';
import { ErrorState, LoadingState } from './query-state';
import { feedItems, type FeedPage } from '../lib/feed-pages';

interface ManagerListProps<T extends { id: number }> {
  /** The list's `useInfiniteQuery` result: pages of the contract's feed shape (ADR 056). */
  query: UseInfiniteQueryResult<InfiniteData<FeedPage<T>>>;
  /** Where the "new" button goes, and what it says ("Nieuw klusje"). */
  newHref: string;
  newLabel: string;
  empty: { icon: Icon; title: string; text: string };
  /** The rows, once there are any. */
  children: (items: T[]) => ReactNode;
}

/**
 * A manager's list of everything in one area (chores, events, posts), a page at a time: loading, error
 * with retry, an empty state that offers to make the first one, and otherwise the rows under a "new"
 * button with "Meer laden" and how many there are below them.
 */
export function ManagerList<T extends { id: number }>({
  query,
  newHref,
  newLabel,
  empty,
  children,
}: ManagerListProps<T>) {
  const newButton = (
    <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />} size="md">
      {newLabel}
    </Button>
  );
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const items = feedItems(query.data, (item) => item.id);
  if (items.length === 0) return <EmptyState {...empty} action={newButton} />;
  return (
    <Stack gap="sm">
      <Group justify="flex-end">{newButton}</Group>
      {children(items)}
      <LoadMore query={query} shown={items.length} />
    </Stack>
  );
}
