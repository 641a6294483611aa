import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type BankSettings, type BankSettingsBody } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankAdminKeys } from './keys';

export function getBankSettings(): Promise<BankSettings> {
  return apiRequest(bankRoutes.settings);
}

/** The farm's bank account (name, IBAN, BIC) and the days until a new transaction is due. */
export function useBankSettings() {
  return useQuery({ queryKey: bankAdminKeys.settings, queryFn: getBankSettings });
}

/** Saves them; the payment pages show the new account, so every bank query follows. */
export function useSaveBankSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankSettingsBody) => apiRequest(bankRoutes.saveSettings, { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(bankAdminKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: bankAdminKeys.bank });
    },
  });
}
