import { useMutation } from '@tanstack/react-query';
import { bankRoutes } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { saveBlob } from '../../../../lib/save-blob';

export const transactionsExportFileName = (harvestYear: number) => `transacties-${harvestYear}.xlsx`;
export const usersExportFileName = 'leden.xlsx';
export const subscriptionExportFileName = (id: number, scope: SubscriptionExportScope) =>
  scope === 'subscription'
    ? `transacties-abonnement-${id}.xlsx`
    : `transacties-abonnement-${id}-dit-oogstjaar.xlsx`;

/** A subscription's own transactions, or those of its namesake in the current harvest year. */
export type SubscriptionExportScope = 'subscription' | 'currentHarvestYear';

/**
 * The bank's spreadsheets (.xlsx), fetched through the API client (they need the Bearer token) and
 * saved as a download; `isPending` is the progress state.
 */
export function useExportTransactions() {
  return useMutation({
    mutationFn: async (harvestYear: number) => {
      const blob = await apiRequest(bankRoutes.exportTransactions, { query: { harvestYear } });
      saveBlob(blob, transactionsExportFileName(harvestYear));
    },
  });
}

/** The farm's members with household, subscriptions and payment of this harvest year. */
export function useExportUsers() {
  return useMutation({
    mutationFn: async () => saveBlob(await apiRequest(bankRoutes.exportUsers), usersExportFileName),
  });
}

export function useExportSubscriptionTransactions() {
  return useMutation({
    mutationFn: async ({ id, scope }: { id: number; scope: SubscriptionExportScope }) => {
      const route =
        scope === 'subscription'
          ? bankRoutes.exportSubscriptionTransactions
          : bankRoutes.exportSubscriptionCurrentYear;
      saveBlob(await apiRequest(route, { params: { id } }), subscriptionExportFileName(id, scope));
    },
  });
}
