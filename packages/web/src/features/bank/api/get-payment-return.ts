import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type PaymentReturn } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { bankKeys } from './keys';

export function getPaymentReturn(publicId: string): Promise<PaymentReturn> {
  return apiRequest(bankRoutes.paymentReturn, { params: { publicId } });
}

/** Mollie has not decided yet: the return page asks again. */
export function isUndecided(status: PaymentReturn['status']): boolean {
  return status === 'open' || status === 'pending';
}

/** Every 2 s while undecided, for about 30 s: then the page says it is still being processed. */
export const paymentReturnPollMs = 2_000;
export const paymentReturnPolls = 15;

/**
 * The real state after coming back from Mollie (`GET paymentReturn/{publicId}`), asked of Mollie by the
 * server; never what the URL says. Asked again every 2 s while Mollie has not decided, at most 15 times.
 */
export function usePaymentReturn(publicId: string, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: bankKeys.paymentReturn(publicId),
    queryFn: () => getPaymentReturn(publicId),
    enabled,
    // Always the server's latest word on arriving, never an earlier visit's answer.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const answer = query.state.data;
      if (!answer || !isUndecided(answer.status)) return false;
      return query.state.dataUpdateCount < paymentReturnPolls ? paymentReturnPollMs : false;
    },
  });
  // How many answers have come in on this visit (the query is dropped when the page closes: gcTime 0).
  // Read on every render, which each new answer causes (dataUpdatedAt changes even for the same status).
  const polls = query.dataUpdatedAt
    ? (queryClient.getQueryState(bankKeys.paymentReturn(publicId))?.dataUpdateCount ?? 0)
    : 0;
  return { query, polls };
}
