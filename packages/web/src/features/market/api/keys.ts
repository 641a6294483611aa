import type { QueryClient } from '@tanstack/react-query';
import type { OfferListQuery } from '@pluk/contract';

/** Query keys of the market feature; every list and detail starts with 'market'. */
export const marketKeys = {
  all: ['market'] as const,
  lists: ['market', 'list'] as const,
  list: (query: OfferListQuery) => ['market', 'list', query] as const,
  detail: (id: number) => ['market', 'detail', id] as const,
  /** The answer of my last take/buy of an offer, kept for the confirmation panel. */
  lastReservation: (offerId: number) => ['market', 'lastReservation', offerId] as const,
  myOffers: ['market', 'myOffers'] as const,
  myOrders: ['market', 'myOrders'] as const,
  managerList: ['market', 'manager', 'list'] as const,
  managerDetail: (id: number) => ['market', 'manager', 'detail', id] as const,
};

/**
 * After any change to an offer or a reservation: every market query (lists, details, my orders, the
 * manager's), the home's offers block, the wallet (money reserved or moved) and notifications. The kept
 * confirmation of a take/buy is left alone: it is what the member just did.
 */
export function invalidateMarketQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: marketKeys.all,
      predicate: (query) => query.queryKey[1] !== 'lastReservation',
    }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}
