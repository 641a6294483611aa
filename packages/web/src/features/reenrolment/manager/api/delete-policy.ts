import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reenrolmentRoutes } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateReenrolmentQueries, reenrolmentManagerKeys } from './keys';

/** Deletes a round with its questionnaires; the server keeps a converted one (POLICY_CONVERTED). */
export function useDeletePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(reenrolmentRoutes.deletePolicy, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: reenrolmentManagerKeys.policy(id) });
      return invalidateReenrolmentQueries(queryClient);
    },
  });
}
