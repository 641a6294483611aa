import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the harvest feature's manager screens; every one starts with 'harvest'. */
export const harvestKeys = {
  all: ['harvest'] as const,
  crops: ['harvest', 'crops'] as const,
  cropList: (filter: string, pageSize = 25) => ['harvest', 'crops', 'list', filter, pageSize] as const,
  crop: (id: number) => ['harvest', 'crops', 'detail', id] as const,
  cropFieldOptions: ['harvest', 'fields', 'options'] as const,
  fields: ['harvest', 'fields'] as const,
  fieldList: ['harvest', 'fields', 'list'] as const,
  field: (id: number) => ['harvest', 'fields', 'detail', id] as const,
  pluk: ['harvest', 'pluk'] as const,
  plukOverview: (harvestYear: number | null) => ['harvest', 'pluk', 'overview', harvestYear] as const,
  plukOfCrop: (id: number) => ['harvest', 'pluk', 'crop', id] as const,
  mailRounds: ['harvest', 'mail', 'rounds'] as const,
  mailRound: (id: number) => ['harvest', 'mail', 'round', id] as const,
};

/**
 * After a change to a crop, a field or a pluk row: every harvest query (lists, details, the grid), and
 * the member's pluk list, which shows the same rows.
 */
export function invalidateHarvestQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: harvestKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['pluk'] }),
  ]);
}

/** A fresh key for one click of "send" (sent again on a retry, so nobody is mailed twice). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
