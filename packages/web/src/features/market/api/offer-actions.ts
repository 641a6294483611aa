import { useMutation, useQueryClient } from '@tanstack/react-query';
import { marketRoutes, type OfferDetail } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMarketQueries, marketKeys } from './keys';

/** A change answering the offer's new state: stored at once, then every market query refreshed. */
function useOfferMutation<V>(mutationFn: (variables: V) => Promise<OfferDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (offer) => {
      queryClient.setQueryData(marketKeys.detail(offer.id), offer);
      return invalidateMarketQueries(queryClient);
    },
    onError: () => invalidateMarketQueries(queryClient),
  });
}

/** Withdraw my reservation while it is not handled (`product/cancel`). */
export const useCancelReservation = () =>
  useOfferMutation((reservationId: number) => apiRequest(marketRoutes.cancel, { body: { reservationId } }));

/** The owner confirms a reservation as paid: the money moves buyer → owner (`product/confirm`). */
export const useConfirmReservation = () =>
  useOfferMutation((reservationId: number) => apiRequest(marketRoutes.confirm, { body: { reservationId } }));

/** The owner refuses a reservation: its quantity is free again (`product/refuse`). */
export const useRefuseReservation = () =>
  useOfferMutation((reservationId: number) => apiRequest(marketRoutes.refuse, { body: { reservationId } }));

/** The owner closes the offer: nobody can reserve it any more (`product/close`). */
export const useCloseOffer = () =>
  useOfferMutation((offerId: number) => apiRequest(marketRoutes.close, { body: { offerId } }));

/** The owner deletes the offer; refused (OFFER_HAS_PAYMENTS) once something of it was paid. */
export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest(marketRoutes.remove, { params: { id } });
    },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: marketKeys.detail(id) });
      return invalidateMarketQueries(queryClient);
    },
  });
}
