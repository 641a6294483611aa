import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { analystBuckets, type AnalystBucket } from '@pluk/contract';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useAnalysis } from '../api/get-analysis';
import type { AnalystRangeValue } from '../range-presets';
import { viewCharts, viewOfSlug, type ViewSlug } from '../views';
import { AnalystNav } from './analyst-nav';
import { RangeForm } from './range-form';
import { SeriesChart } from './series-chart';

const isBucket = (value: string | null): value is AnalystBucket =>
  (analystBuckets as readonly (string | null)[]).includes(value);

/**
 * One analyst view: the range (kept in the URL: `?from&to&bucket`, the current harvest year without
 * one) and the view's charts.
 */
export function AnalystViewScreen({ slug }: { slug: ViewSlug }) {
  const view = viewOfSlug[slug];
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? undefined;
  const to = search.get('to') ?? undefined;
  const bucketParam = search.get('bucket');
  const bucket = isBucket(bucketParam) ? bucketParam : 'month';
  const query = from && to ? { from, to, bucket } : { bucket };
  const analysis = useAnalysis(view, query);
  const choose = (range: AnalystRangeValue) => setSearch({ ...range }, { replace: true });

  return (
    <Stack gap="md">
      <AnalystNav current={slug} />
      {analysis.data ? (
        <>
          <RangeForm
            value={rangeOf(analysis.data)}
            harvestYear={analysis.data.harvestYear}
            onChange={choose}
          />
          {analysis.isError && <ErrorState error={analysis.error} onRetry={() => void analysis.refetch()} />}
          {viewCharts[view].map((config) => (
            <SeriesChart
              key={config.id}
              config={config}
              points={analysis.data.points}
              bucket={analysis.data.bucket}
              fileName={`${slug}-${analysis.data.from}-${analysis.data.to}`}
            />
          ))}
        </>
      ) : analysis.isError ? (
        <ErrorState error={analysis.error} onRetry={() => void analysis.refetch()} />
      ) : (
        <LoadingState />
      )}
    </Stack>
  );
}

/** The range an answer is for (the same object while the answer is, so the form keeps its draft). */
const ranges = new WeakMap<object, AnalystRangeValue>();
function rangeOf(answer: { from: string; to: string; bucket: AnalystBucket }): AnalystRangeValue {
  let range = ranges.get(answer);
  if (!range) {
    range = { from: answer.from, to: answer.to, bucket: answer.bucket };
    ranges.set(answer, range);
  }
  return range;
}
