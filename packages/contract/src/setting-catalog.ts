import { isValidIban, normalizeIban } from './iban.js';

/**
 * The settings the app itself reads, each with the input that fits its value (decision 094): the web
 * shows them by their Dutch label (locales `settings.json`, `catalog.<key>`), grouped, never by key; the
 * server checks a value of a known key with `settingValueProblem`, so a wrong IBAN or a latitude of 200
 * is refused in Dutch whichever screen sent it. A farm's own keys (outside the catalogue) stay free text.
 */
export const settingGroups = ['weather', 'bank', 'wallet', 'membership', 'mail', 'server'] as const;
export type SettingGroup = (typeof settingGroups)[number];

export type SettingInputKind =
  | 'text'
  | 'textarea'
  | 'integer'
  | 'latitude'
  | 'longitude'
  | 'iban'
  | 'bic'
  | 'boolean'
  | 'colour'
  | 'url'
  | 'email';

export interface SettingCatalogEntry {
  group: SettingGroup;
  input: SettingInputKind;
  /** For `integer`: the smallest and largest value. */
  min?: number;
  max?: number;
}

export const settingCatalog = {
  'weather.locationName': { group: 'weather', input: 'text' },
  'weather.latitude': { group: 'weather', input: 'latitude' },
  'weather.longitude': { group: 'weather', input: 'longitude' },
  'bank.accountName': { group: 'bank', input: 'text' },
  'bank.iban': { group: 'bank', input: 'iban' },
  'bank.bic': { group: 'bank', input: 'bic' },
  'bank.dueDays': { group: 'bank', input: 'integer', min: 1, max: 365 },
  'wallet.membersMayToggleTransactionable': { group: 'wallet', input: 'boolean' },
  'membership.pricesNote': { group: 'membership', input: 'textarea' },
  'smtp.host': { group: 'mail', input: 'text' },
  'smtp.port': { group: 'mail', input: 'integer', min: 1, max: 65535 },
  'smtp.secure': { group: 'mail', input: 'boolean' },
  'smtp.user': { group: 'mail', input: 'text' },
  'smtp.from': { group: 'mail', input: 'email' },
  publicUrl: { group: 'server', input: 'url' },
} as const satisfies Record<string, SettingCatalogEntry>;
export type CatalogSettingKey = keyof typeof settingCatalog;

/** The catalogue's entry of a key, or null for a farm's own key. */
export function settingCatalogEntry(key: string): SettingCatalogEntry | null {
  return Object.hasOwn(settingCatalog, key) ? settingCatalog[key as CatalogSettingKey] : null;
}

/** A coordinate typed the Belgian way (`51,05`) as stored (`51.05`). */
export const coordinateText = (value: string) => value.trim().replace(',', '.');

/** What is wrong with a value of a catalogued key, in Dutch; null when it fits (an empty value always fits). */
export function settingValueProblem(key: string, value: string): string | null {
  const entry = settingCatalogEntry(key);
  const text = value.trim();
  if (!entry || text === '') return null;
  switch (entry.input) {
    case 'integer': {
      const n = Number(text);
      if (!/^-?\d+$/.test(text) || n < (entry.min ?? -Infinity) || n > (entry.max ?? Infinity)) {
        return `Vul een geheel getal in van ${entry.min} tot ${entry.max}.`;
      }
      return null;
    }
    case 'latitude':
    case 'longitude': {
      const limit = entry.input === 'latitude' ? 90 : 180;
      const n = Number(coordinateText(text));
      if (!/^-?\d+([.,]\d+)?$/.test(text) || Math.abs(n) > limit) {
        return entry.input === 'latitude'
          ? 'Vul een breedtegraad in tussen -90 en 90, bijvoorbeeld 51,05.'
          : 'Vul een lengtegraad in tussen -180 en 180, bijvoorbeeld 3,72.';
      }
      return null;
    }
    case 'iban':
      return isValidIban(normalizeIban(text))
        ? null
        : 'Dit IBAN klopt niet: kijk de letters en cijfers na (het controlegetal past niet).';
    case 'bic':
      return /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(text)
        ? null
        : 'Een BIC heeft 8 of 11 letters en cijfers, bijvoorbeeld GEBABEBB.';
    case 'boolean':
      return ['true', 'false'].includes(text) ? null : 'Kies aan of uit.';
    case 'colour':
      return /^#[0-9a-fA-F]{6}$/.test(text) ? null : 'Kies een kleur (#rrggbb).';
    case 'url':
      return /^https?:\/\/[^\s]+$/.test(text) ? null : 'Vul een webadres in dat begint met https://.';
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? null : 'Vul een geldig e-mailadres in.';
    default:
      return null;
  }
}

/** A fitting value as stored: coordinates with a point, an IBAN without spaces, a BIC in capitals. */
export function normalizeSettingValue(key: string, value: string): string {
  const entry = settingCatalogEntry(key);
  if (!entry || value.trim() === '') return value;
  switch (entry.input) {
    case 'latitude':
    case 'longitude':
      return coordinateText(value);
    case 'iban':
      return normalizeIban(value);
    case 'bic':
      return value.trim().toUpperCase();
    case 'integer':
    case 'boolean':
    case 'url':
    case 'email':
      return value.trim();
    default:
      return value;
  }
}
