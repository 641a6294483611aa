import type { InfiniteData } from '@tanstack/react-query';

/** One page of a paged list as the API answers it (contract `feedPageSchema`, ADR 050). */
export interface FeedPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The options every "Meer laden" list shares with `useInfiniteQuery`: pages count from 0, and there is a
 * next page while the pages so far hold fewer rows than the total.
 */
export const feedPaging = {
  initialPageParam: 0,
  getNextPageParam: <T>(last: FeedPage<T>) =>
    (last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined,
};

/**
 * The rows of every loaded page, in order, each once: a row that moved to the next page while the list
 * changed (a new comment, a handled message) would otherwise show twice.
 */
export function feedItems<T>(
  data: InfiniteData<FeedPage<T>> | undefined,
  keyOf: (item: T) => string | number,
): T[] {
  const seen = new Set<string | number>();
  const items: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/** How many rows there are in all (the newest page knows best). */
export function feedTotal<T>(data: InfiniteData<FeedPage<T>> | undefined): number {
  const pages = data?.pages ?? [];
  return pages[pages.length - 1]?.total ?? 0;
}
