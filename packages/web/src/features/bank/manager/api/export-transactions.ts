import { useMutation } from '@tanstack/react-query';
import { api } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/save-blob';

export const transactionsExportFileName = (harvestYear: number) => `transacties-${harvestYear}.xlsx`;

/**
 * Downloads a harvest year's transactions as .xlsx (`GET applicationManager/export/transactions`),
 * fetched through the API client (it needs the Bearer token); `isPending` is the progress state.
 */
export function useExportTransactions() {
  return useMutation({
    mutationFn: async (harvestYear: number) => {
      const blob = await apiRequest(api.bank.exportTransactions, { query: { harvestYear } });
      saveBlob(blob, transactionsExportFileName(harvestYear));
    },
  });
}
