import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankRoutes, type PublicTransaction } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { bankKeys } from './keys';

export function getPublicTransaction(publicId: string): Promise<PublicTransaction> {
  return apiRequest(bankRoutes.publicDetail, { params: { publicId } });
}

export const publicTransactionQueryOptions = (publicId: string) =>
  queryOptions({
    queryKey: bankKeys.publicDetail(publicId),
    queryFn: () => getPublicTransaction(publicId),
  });

/**
 * One transaction through its unguessable link, no login needed (`GET Bank/{publicId}`): the amount, the
 * farm's account and whether it can be paid online. A 404 means the link does not (or no longer) exist.
 */
export function usePublicTransaction(publicId: string, enabled = true) {
  return useQuery({ ...publicTransactionQueryOptions(publicId), enabled });
}
