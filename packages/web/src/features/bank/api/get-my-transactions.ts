import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankRoutes, type MemberTransaction } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { bankKeys } from './keys';

export function getMyTransactions(): Promise<MemberTransaction[]> {
  return apiRequest(bankRoutes.mine);
}

export const myTransactionsQueryOptions = () =>
  queryOptions({ queryKey: bankKeys.mine, queryFn: getMyTransactions });

/** What I owe and paid, all harvest years, the latest first (`GET Bank`). */
export function useMyTransactions() {
  return useQuery(myTransactionsQueryOptions());
}
