import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bankRoutes, type YearlyTransactionsBody, type YearlyTransactionsPreview } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankAdminKeys, invalidateTransactionQueries } from './keys';

export function getYearlyPreview(harvestYear: number): Promise<YearlyTransactionsPreview> {
  return apiRequest(bankRoutes.yearlyPreview, { query: { harvestYear } });
}

export const yearlyPreviewQueryOptions = (harvestYear: number) =>
  queryOptions({
    queryKey: bankAdminKeys.yearlyPreview(harvestYear),
    queryFn: () => getYearlyPreview(harvestYear),
  });

/** What a run would make for the harvest year, per subscription (nothing is written). */
export function useYearlyPreview(harvestYear: number | null) {
  return useQuery({ ...yearlyPreviewQueryOptions(harvestYear ?? 0), enabled: harvestYear !== null });
}

/** Makes them (one database transaction on the server); the preview and every bank list follow. */
export function useCreateYearlyTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: YearlyTransactionsBody) => apiRequest(bankRoutes.yearlyCreate, { body }),
    onSuccess: () => invalidateTransactionQueries(queryClient),
  });
}
