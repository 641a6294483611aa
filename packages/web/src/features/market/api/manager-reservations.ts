import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { marketRoutes, type ManagerReservationPage, type ManagerReservationQuery } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';

/** The filters of the ProductManager's reservations (ADR 096); an empty search sends none. */
export interface ReservationFilters {
  status: NonNullable<ManagerReservationQuery['status']>;
  search: string;
  pageSize: number;
  offerId?: number;
}

export const reservationKeys = {
  list: (filters: ReservationFilters) => ['market', 'manager', 'reservations', filters] as const,
};

export function getManagerReservations(
  filters: ReservationFilters,
  page: FeedPageParam = { page: 0 },
): Promise<ManagerReservationPage> {
  const search = filters.search.trim();
  return apiRequest(marketRoutes.managerReservations, {
    query: {
      ...page,
      pageSize: filters.pageSize,
      status: filters.status,
      search: search || undefined,
      offerId: filters.offerId === undefined ? undefined : String(filters.offerId),
    },
  });
}

/**
 * Every reservation of the farm, newest first, a page at a time (`GET applicationManager/product/
 * reservations`). Under 'market', so a confirm (which refreshes every market query) refreshes it too.
 */
export function useManagerReservations(filters: ReservationFilters) {
  return useInfiniteQuery({
    queryKey: reservationKeys.list(filters),
    queryFn: ({ pageParam }) => getManagerReservations(filters, pageParam),
    ...feedPaging,
    placeholderData: keepPreviousData,
  });
}
