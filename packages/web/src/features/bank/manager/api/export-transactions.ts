import { useMutation } from '@tanstack/react-query';
import { api } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';

/**
 * Hands a blob to the browser as a download (object URL → a temporary link). The same as the market's
 * takers export (features never import each other); a candidate for lib/ once a third screen needs it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

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
