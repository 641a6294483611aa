import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  marketRoutes,
  type ManagerOfferPage,
  type ManagerOfferQuery,
  type OfferDetail,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { feedPaging, type FeedPageParam } from '../../../lib/feed-pages';
import { saveBlob } from '../../../lib/save-blob';

/** The filters of the ProductManager's list (what the form shows; an empty search sends none). */
export interface ManagerOfferFilters {
  search: string;
  status: NonNullable<ManagerOfferQuery['status']>;
  price: NonNullable<ManagerOfferQuery['price']>;
  /** `open`: only offers with a reservation waiting (the to-do list's link). */
  reservations?: NonNullable<ManagerOfferQuery['reservations']>;
}

/** Query keys of the ProductManager's screens; all under 'market' so a member-side change refreshes them too. */
export const managerOfferKeys = {
  all: ['market', 'manager'] as const,
  list: (filters: ManagerOfferFilters) => ['market', 'manager', 'list', filters] as const,
  detail: (id: number) => ['market', 'manager', 'detail', id] as const,
  takers: (id: number) => ['market', 'manager', 'takers', id] as const,
};

/**
 * After a manager changed an offer or a reservation: every market query (the member screens' too, but
 * not the member's kept take/buy confirmation), and what a confirm or refuse changes elsewhere (wallets,
 * the home's block, notifications).
 */
export function invalidateAfterOfferChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: ['market'],
      predicate: (query) => query.queryKey[1] !== 'lastReservation',
    }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}

export function getManagerOffers(
  filters: ManagerOfferFilters,
  page: FeedPageParam = { page: 0 },
): Promise<ManagerOfferPage> {
  const search = filters.search.trim();
  return apiRequest(marketRoutes.managerList, {
    query: {
      ...page,
      status: filters.status,
      price: filters.price,
      search: search || undefined,
      reservations: filters.reservations === 'open' ? 'open' : undefined,
    },
  });
}

export const managerOffersQueryOptions = (filters: ManagerOfferFilters) =>
  infiniteQueryOptions({
    queryKey: managerOfferKeys.list(filters),
    queryFn: ({ pageParam }) => getManagerOffers(filters, pageParam),
    ...feedPaging,
  });

/** Every offer of the farm, a page at a time (`GET applicationManager/product`); the old rows stay while a filter loads. */
export function useManagerOffers(filters: ManagerOfferFilters) {
  return useInfiniteQuery({ ...managerOffersQueryOptions(filters), placeholderData: keepPreviousData });
}

export const managerOfferQueryOptions = (id: number) =>
  queryOptions({
    queryKey: managerOfferKeys.detail(id),
    queryFn: () => apiRequest(marketRoutes.managerDetail, { params: { id } }),
  });

/** One offer with every reservation (`GET applicationManager/product/{id}`). */
export function useManagerOffer(id: number) {
  return useQuery(managerOfferQueryOptions(id));
}

/** Everyone who reserved the offer, with contact data and subscriptions (`GET applicationManager/product/takers/{id}`). */
export function useOfferTakers(id: number) {
  return useQuery({
    queryKey: managerOfferKeys.takers(id),
    queryFn: () => apiRequest(marketRoutes.takers, { params: { id } }),
  });
}

/** A mutation answering the offer's new state: stored at once, then every market query refreshed. */
function useOfferMutation<V>(mutationFn: (variables: V) => Promise<OfferDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (offer) => {
      queryClient.setQueryData(managerOfferKeys.detail(offer.id), offer);
      return invalidateAfterOfferChange(queryClient);
    },
  });
}

/** Confirms a reservation as paid: the price moves buyer → the offer's owner. */
export const useManagerConfirmReservation = () =>
  useOfferMutation((reservationId: number) =>
    apiRequest(marketRoutes.managerConfirm, { body: { reservationId } }),
  );

/** Refuses a reservation: its quantity is free again. */
export const useManagerRefuseReservation = () =>
  useOfferMutation((reservationId: number) =>
    apiRequest(marketRoutes.managerRefuse, { body: { reservationId } }),
  );

export const useManagerCloseOffer = () =>
  useOfferMutation((id: number) => apiRequest(marketRoutes.managerClose, { params: { id } }));

/** Deletes an offer; its queries are dropped, the lists refreshed. */
export function useManagerDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(marketRoutes.managerRemove, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: managerOfferKeys.detail(id) });
      queryClient.removeQueries({ queryKey: managerOfferKeys.takers(id) });
      return invalidateAfterOfferChange(queryClient);
    },
  });
}

/** The file name of an offer's takers' spreadsheet: "afnemers-12-verse-eieren.xlsx". */
export function exportFileName(id: number, title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `afnemers-${id}${slug ? `-${slug}` : ''}.xlsx`;
}

/**
 * Downloads the takers of an offer as .xlsx (`GET applicationManager/product/export/{id}`), fetched
 * through the API client (it needs the Bearer token) and saved; `isPending` is the progress state.
 */
export function useExportOffer() {
  return useMutation({
    mutationFn: async ({ id, title }: { id: number; title: string }) => {
      const blob = await apiRequest(marketRoutes.export, { params: { id } });
      saveBlob(blob, exportFileName(id, title));
    },
  });
}
