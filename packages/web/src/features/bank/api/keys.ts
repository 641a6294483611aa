import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the member's side of the bank; every one starts with 'bank'. */
export const bankKeys = {
  all: ['bank'] as const,
  publicAll: ['bank', 'public'] as const,
  mine: ['bank', 'mine'] as const,
  publicDetail: (publicId: string) => [...bankKeys.publicAll, publicId] as const,
  paymentReturn: (publicId: string) => ['bank', 'paymentReturn', publicId] as const,
};

/**
 * After a payment was decided: my list and the payment pages ask again. Not the return page's own
 * question, which has its answer and stops asking.
 */
export function invalidatePaymentViews(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bankKeys.mine }),
    queryClient.invalidateQueries({ queryKey: bankKeys.publicAll }),
  ]);
}
