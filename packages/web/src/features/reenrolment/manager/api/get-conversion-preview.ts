import { queryOptions, useQuery } from '@tanstack/react-query';
import { reenrolmentRoutes, type Conversion } from '@pluk/contract';
import { apiRequest } from '../../../../lib/api-client';
import { reenrolmentManagerKeys } from './keys';

export function getConversionPreview(policyId: number): Promise<Conversion> {
  return apiRequest(reenrolmentRoutes.conversionPreview, { query: { policyId } });
}

export const conversionPreviewQueryOptions = (policyId: number) =>
  queryOptions({
    queryKey: reenrolmentManagerKeys.conversionPreview(policyId),
    queryFn: () => getConversionPreview(policyId),
  });

/** What converting the round would make now; nothing is written (`GET …/Management/intentsion-policy`). */
export function useConversionPreview(policyId: number) {
  return useQuery(conversionPreviewQueryOptions(policyId));
}
