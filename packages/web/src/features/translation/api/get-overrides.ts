import type { QueryClient } from '@tanstack/react-query';
import { translationRoutes, type TranslationOverrides } from '@pluk/contract';
import { apiRequest } from '../../../lib/api-client';
import { setTextOverrides, textOverrides } from '../../../lib/i18n';
import { translationKeys } from './keys';

export function getTextOverrides(version: string): Promise<TranslationOverrides> {
  return apiRequest(translationRoutes.overrides, { query: { v: version } });
}

/** The version of the overrides applied now (null: the bundled texts). */
let appliedVersion: string | null = null;

export function appliedTextsVersion(): string | null {
  return appliedVersion;
}

/**
 * Puts the farm's own texts in place (decision 083): asked only when `GET info` names a version, so a
 * farm without overrides asks nothing more. `rerender` redraws what is on screen (a version that
 * changed while the app ran); at start-up they are in place before the first render.
 */
export async function applyTextOverrides(
  queryClient: QueryClient,
  version: string | null,
  rerender = false,
): Promise<void> {
  if (version === appliedVersion) return;
  const overrides =
    version === null
      ? {}
      : (
          await queryClient.fetchQuery({
            queryKey: translationKeys.overrides(version),
            queryFn: () => getTextOverrides(version),
            staleTime: Infinity,
          })
        ).overrides;
  appliedVersion = version;
  setTextOverrides(overrides, rerender);
}

/** The Admin changed one text: their own tab shows it at once, before any version is asked again. */
export function applyChangedText(namespace: string, key: string, value: string | null): void {
  const current = Object.fromEntries(
    Object.entries(textOverrides()).map(([ns, texts]) => [ns, { ...texts }]),
  );
  const own = { ...current[namespace] };
  if (value === null) delete own[key];
  else own[key] = value;
  if (Object.keys(own).length) current[namespace] = own;
  else delete current[namespace];
  // The version is no longer known: the next check asks again.
  appliedVersion = '';
  setTextOverrides(current, true);
}
