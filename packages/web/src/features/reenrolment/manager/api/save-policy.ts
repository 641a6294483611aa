import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Policy } from '@pluk/contract';
import { invalidateReenrolmentQueries, reenrolmentManagerKeys } from './keys';

/**
 * A mutation answering the round (create, update): kept at once as the round's data, then every
 * re-enrolment query refreshed. Shared by `create-policy.ts` and `update-policy.ts`.
 */
export function useSavePolicyMutation<V>(mutationFn: (variables: V) => Promise<Policy>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (policy) => {
      queryClient.setQueryData(reenrolmentManagerKeys.policy(policy.id), policy);
      return invalidateReenrolmentQueries(queryClient);
    },
  });
}
