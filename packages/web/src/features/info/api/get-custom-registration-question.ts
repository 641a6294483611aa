import { queryOptions, useQuery } from '@tanstack/react-query';
import { infoRoutes } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export function getCustomRegistrationQuestion(): Promise<{ question: string | null }> {
  return apiRequest(infoRoutes.customRegistrationQuestion);
}

export const customRegistrationQuestionQueryOptions = () =>
  queryOptions({
    queryKey: ['info', 'customRegistrationQuestion'],
    queryFn: getCustomRegistrationQuestion,
    staleTime: 5 * 60_000,
  });

export function useCustomRegistrationQuestion() {
  return useQuery(customRegistrationQuestionQueryOptions());
}
