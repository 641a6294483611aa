import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type MollieStatus } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankAdminKeys } from './keys';

export function getMollieStatus(): Promise<MollieStatus> {
  return apiRequest(bankRoutes.mollieStatus);
}

/** The Mollie connection: the masked key, whether Mollie accepts it, the webhook's latest calls. */
export function useMollieStatus() {
  return useQuery({ queryKey: bankAdminKeys.mollie, queryFn: getMollieStatus });
}

/**
 * Saves a new key once Mollie accepted it. The answer holds only the masked key; the typed key lives
 * nowhere but in the form, which empties itself afterwards.
 */
export function useSaveMollieKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => apiRequest(bankRoutes.saveMollieKey, { body: { apiKey } }),
    onSuccess: (status) => {
      queryClient.setQueryData(bankAdminKeys.mollie, status);
      // The member's pay-online button follows the key.
      return queryClient.invalidateQueries({ queryKey: bankAdminKeys.bank });
    },
  });
}

/** Removes the key: members can no longer pay online. */
export function useRemoveMollieKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(bankRoutes.removeMollieKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAdminKeys.bank }),
  });
}
