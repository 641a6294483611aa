import type { InfiniteData } from '@tanstack/react-query';

/** One page of a paged list as the API answers it (contract `feedPageSchema`, ADR 050). */
export interface FeedPage<T> {
  items: T[];
  total: number;
  /** `total` was counted up to a cap: there are more (ADR 056). */
  totalIsLowerBound?: boolean;
  /** The keyset cursor of the next page; null on the last page (ADR 056). */
  nextCursor?: string | null;
  page: number;
  pageSize: number;
}

/** Which page to load: its number (0-based) and, after the first, the cursor the previous page gave. */
export interface FeedPageParam {
  page: number;
  after?: string;
}

/**
 * The options every "Meer laden" list shares with `useInfiniteQuery`: pages count from 0, and each next
 * page follows the previous page's `nextCursor` (keyset paging, ADR 056). Without a cursor there is a
 * next page while the pages so far hold fewer rows than the total.
 */
export const feedPaging = {
  initialPageParam: { page: 0 } as FeedPageParam,
  getNextPageParam: <T>(last: FeedPage<T>): FeedPageParam | undefined => {
    if (last.nextCursor) return { page: last.page + 1, after: last.nextCursor };
    if (last.nextCursor === null) return undefined;
    return (last.page + 1) * last.pageSize < last.total ? { page: last.page + 1 } : undefined;
  },
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

/** Whether the total is a lower bound ("meer dan 1000"). */
export function feedTotalIsLowerBound<T>(data: InfiniteData<FeedPage<T>> | undefined): boolean {
  const pages = data?.pages ?? [];
  return pages[pages.length - 1]?.totalIsLowerBound ?? false;
}
