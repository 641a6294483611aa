/** The Admin's list filters (contract `translationListQuerySchema` without the paging). */
export interface TranslationFilters {
  search: string;
  namespace: string | null;
  overridden: boolean;
}

export const translationKeys = {
  all: ['translation'] as const,
  list: (filters: TranslationFilters) => ['translation', 'list', filters] as const,
  /** The farm's overrides under one version (`GET info`'s `translationsVersion`). */
  overrides: (version: string) => ['translation', 'overrides', version] as const,
};
