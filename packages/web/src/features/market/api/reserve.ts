import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketRoutes, type OfferDetail, type ReserveResult } from '@pluk/contract';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { isApiError } from '../../../lib/errors';
import { invalidateMarketQueries, marketKeys } from './keys';

export interface ReserveInput {
  offer: Pick<OfferDetail, 'id' | 'isFree'>;
  quantity: number;
  idempotencyKey: string;
}

/** Takes a free offer (`product/take`) or buys a priced one (`product/buy`). */
export function reserveOffer({ offer, quantity, idempotencyKey }: ReserveInput): Promise<ReserveResult> {
  const body = { offerId: offer.id, quantity, idempotencyKey };
  return offer.isFree ? apiRequest(marketRoutes.take, { body }) : apiRequest(marketRoutes.buy, { body });
}

/**
 * A fresh key for one intent to take or buy (ADR 058, 063): a random UUID. `crypto.randomUUID` exists
 * only in secure contexts (https, localhost); a farm's test server on plain http gets the same shape
 * from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed take/buy may be sent again with the same key: no answer reached us, or the server
 * failed; the server then either did it (and answers the same reservation) or did not. A refusal
 * (sold out, not enough money) is final for that key: the next try is a new intent.
 */
export function isRetryable(error: unknown): boolean {
  return !isApiError(error) || error.isNetworkError || error.status >= 500;
}

/**
 * Take or buy a quantity. One idempotency key per intent: made on the first click, sent again when
 * that same submit is retried after a failure without an answer, dropped after an answer (done or
 * refused) or when the quantity changes. The answer is kept for the confirmation panel.
 */
export function useReserve(offerId: number) {
  const queryClient = useQueryClient();
  const key = useRef<{ quantity: number; value: string } | null>(null);
  const mutation = useMutation({
    mutationFn: reserveOffer,
    onSuccess: (result) => {
      key.current = null;
      queryClient.setQueryData(marketKeys.lastReservation(offerId), result);
      queryClient.setQueryData(marketKeys.detail(result.offer.id), result.offer);
      return invalidateMarketQueries(queryClient);
    },
    onError: (error) => {
      if (!isRetryable(error)) key.current = null;
      // A refusal (sold out, closed) means what we showed was stale: refresh it.
      return invalidateMarketQueries(queryClient);
    },
  });
  /** Resolves to whether it was done; a refusal shows as the mutation's error. */
  const reserve = async (offer: ReserveInput['offer'], quantity: number): Promise<boolean> => {
    if (mutation.isPending) return false;
    if (!key.current || key.current.quantity !== quantity) {
      key.current = { quantity, value: newIdempotencyKey() };
    }
    try {
      await mutation.mutateAsync({ offer, quantity, idempotencyKey: key.current.value });
      return true;
    } catch {
      return false;
    }
  };
  return { ...mutation, reserve };
}

/** Hides the confirmation panel of my last take/buy of this offer. */
export function useDismissLastReservation(offerId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: marketKeys.lastReservation(offerId), exact: true });
}
