import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoutes, type RequestDetail, type RequestInput, type RequestUpdate } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { invalidateRequestQueries, requestKeys } from './keys';

/** A mutation answering the request's new state: stored at once, then every request query refreshed. */
function useRequestMutation<V>(mutationFn: (variables: V) => Promise<RequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (request) => {
      queryClient.setQueryData(requestKeys.detail(request.id), request);
      return invalidateRequestQueries(queryClient);
    },
    // A refusal (taken meanwhile, closed) means what the member saw was stale: refresh it too.
    onError: () => invalidateRequestQueries(queryClient),
  });
}

export const useCreateRequest = () =>
  useRequestMutation((input: RequestInput) => apiRequest(requestRoutes.create, { body: input }));

export const useUpdateRequest = () =>
  useRequestMutation((input: RequestUpdate) => apiRequest(requestRoutes.update, { body: input }));

/** "Ik help": take someone else's open request. */
export const useTakeRequest = () =>
  useRequestMutation((requestId: number) => apiRequest(requestRoutes.take, { body: { requestId } }));

/**
 * The requester confirms the help: the reward moves to the helper. The caller makes one key per
 * confirmation (kept while the dialog is open), so a retry after a lost answer pays nothing twice.
 */
export const useConfirmRequest = () =>
  useRequestMutation(({ requestId, idempotencyKey }: { requestId: number; idempotencyKey: string }) =>
    apiRequest(requestRoutes.confirm, { body: { requestId, idempotencyKey } }),
  );

/** The requester refuses the helper: the request opens again. */
export const useRefuseRequest = () =>
  useRequestMutation((requestId: number) => apiRequest(requestRoutes.refuse, { body: { requestId } }));

/** Deletes my request; its query is dropped, the lists refreshed. */
export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(requestRoutes.remove, { params: { id } }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: requestKeys.detail(id) });
      return invalidateRequestQueries(queryClient);
    },
  });
}
