import { settingCatalogEntry, type SettingGroup } from '@pluk/contract';
import type { TFunction } from 'i18next';

/**
 * A setting in people's words (decision 094): a catalogued key by its Dutch label and help text, a
 * farm's own key by itself (it is the only name it has).
 */
export function settingWords(t: TFunction<'settings'>, key: string): { label: string; help: string | null } {
  if (!settingCatalogEntry(key)) return { label: key, help: null };
  return {
    label: t(`catalog.${key}.label` as 'catalog.publicUrl.label'),
    help: t(`catalog.${key}.help` as 'catalog.publicUrl.help'),
  };
}

export const groupOf = (key: string): SettingGroup | 'own' => settingCatalogEntry(key)?.group ?? 'own';
