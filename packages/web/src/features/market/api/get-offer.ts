import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import {
  marketRoutes,
  type MyOrders,
  type OfferDetail,
  type OfferSummary,
  type ReserveResult,
} from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { marketKeys } from './keys';

export function getOffer(id: number): Promise<OfferDetail> {
  return apiRequest(marketRoutes.detail, { params: { id } });
}

export const offerQueryOptions = (id: number) =>
  queryOptions({ queryKey: marketKeys.detail(id), queryFn: () => getOffer(id) });

/** One offer with photos, pickup info, my reservations (every reservation for its owner). */
export function useOffer(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...offerQueryOptions(id), enabled: options.enabled ?? true });
}

export function getManagerOffer(id: number): Promise<OfferDetail> {
  return apiRequest(marketRoutes.managerDetail, { params: { id } });
}

/** One offer with every reservation, for a ProductManager (`GET applicationManager/product/{id}`). */
export function useManagerOffer(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketKeys.managerDetail(id),
    queryFn: () => getManagerOffer(id),
    enabled: options.enabled ?? true,
  });
}

/** The answer of my last take/buy of this offer (kept in the cache by `useReserve`), or undefined. */
export function useLastReservation(offerId: number) {
  return useQuery<ReserveResult>({
    queryKey: marketKeys.lastReservation(offerId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
}

export function getMyOffers(): Promise<OfferSummary[]> {
  return apiRequest(marketRoutes.myOffers);
}

/** My offers, open and closed (`GET user/products`). */
export function useMyOffers() {
  return useQuery({ queryKey: marketKeys.myOffers, queryFn: getMyOffers });
}

export function getMyOrders(): Promise<MyOrders> {
  return apiRequest(marketRoutes.myOrders);
}

/** What I reserved or bought, and what others reserved from me (`GET user/productreservations`). */
export function useMyOrders() {
  return useQuery({ queryKey: marketKeys.myOrders, queryFn: getMyOrders });
}
