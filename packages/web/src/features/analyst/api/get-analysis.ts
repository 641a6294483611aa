import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { analystRoutes, type AnalystAnswer, type AnalystBucket, type AnalystView } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';

export interface AnalysisQuery {
  from?: string;
  to?: string;
  bucket: AnalystBucket;
}

/**
 * `GET analyst/wallet | Event | Request | Task | Product | overview`: one view's series over a range.
 * The six calls share their query and answer shape, so one function serves them.
 */
export function getAnalysis<V extends AnalystView>(view: V, query: AnalysisQuery): Promise<AnalystAnswer<V>> {
  return apiRequest(analystRoutes[view], { query: { ...query } }) as Promise<AnalystAnswer<V>>;
}

export const analysisQueryOptions = <V extends AnalystView>(view: V, query: AnalysisQuery) =>
  queryOptions({
    queryKey: ['analyst', view, query.from ?? '', query.to ?? '', query.bucket],
    queryFn: () => getAnalysis(view, query),
    // A new range keeps the old charts on screen until its numbers are in.
    placeholderData: keepPreviousData,
  });

export function useAnalysis<V extends AnalystView>(view: V, query: AnalysisQuery) {
  return useQuery(analysisQueryOptions(view, query));
}
