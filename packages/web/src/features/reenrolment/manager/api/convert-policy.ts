import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reenrolmentRoutes, type Conversion, type ConversionBody } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateReenrolmentQueries } from './keys';

export function convertPolicy(body: ConversionBody): Promise<Conversion> {
  return apiRequest(reenrolmentRoutes.convert, { body });
}

/**
 * Turns the round's answers into next year's subscriptions, memberships and bank transactions
 * (`POST applicationManager/Management/intentsion-policy`). Besides the round: the bank's and the
 * subscriptions' screens and the account (its subscriptions) show what was made.
 */
export function useConvertPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertPolicy,
    onSuccess: () =>
      Promise.all([
        invalidateReenrolmentQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: ['bank'] }),
        queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
        queryClient.invalidateQueries({ queryKey: ['account'] }),
      ]),
  });
}
