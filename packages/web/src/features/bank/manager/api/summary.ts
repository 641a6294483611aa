import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankRoutes, type BankSummary } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { bankManagerKeys } from './keys';

/** Null asks for the current harvest year: the answer names it (`harvestYear`). */
export function getBankSummary(harvestYear: number | null): Promise<BankSummary> {
  return apiRequest(bankRoutes.summary, { query: { harvestYear: harvestYear ?? undefined } });
}

export const bankSummaryQueryOptions = (harvestYear: number | null) =>
  queryOptions({
    queryKey: bankManagerKeys.summary(harvestYear),
    queryFn: () => getBankSummary(harvestYear),
  });

/** Counts and sums per status of a harvest year (`GET applicationManager/bank?harvestYear=`). */
export function useBankSummary(harvestYear: number | null) {
  return useQuery(bankSummaryQueryOptions(harvestYear));
}

/** The farm's current harvest year, as the bank counts it (the summary without a year names it). */
export function useCurrentBankYear() {
  return useQuery({ ...bankSummaryQueryOptions(null), select: (summary) => summary.harvestYear });
}
