import { useQuery } from '@tanstack/react-query';
import { bankRoutes, type MemberTransaction } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { screenQueryOptions } from '../../../lib/screen-query';
import { bankKeys } from './keys';

export function getMyTransactions(): Promise<MemberTransaction[]> {
  return apiRequest(bankRoutes.mine);
}

/** Also the home's 'Te betalen' (decision 090): asked early beside the app's entry on `/` (screen-requests.ts). */
export const myTransactionsQueryOptions = () => screenQueryOptions(bankKeys.mine, bankRoutes.mine);

/** What I owe and paid, all harvest years, the latest first (`GET Bank`). */
export function useMyTransactions() {
  return useQuery(myTransactionsQueryOptions());
}
