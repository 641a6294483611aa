import type { BankSettings, Payee } from '@pluk/contract';
import type { Database } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { settings } from '../../db/schema/index.js';
import { inTransaction } from '../../db/transaction.js';
import { settingsWithPrefix, settingValue } from '../../lib/app-settings.js';
import { HttpError } from '../../lib/http-error.js';
import type { RequestAuth } from '../../types.js';
import { audit } from '../audit.js';
import { bankSettingKeys, defaultDueDays } from './setting-keys.js';

/** The body of `saveSettings` as the contract parses it (trimmed, BIC and due days defaulted). */
export interface BankSettingsInput {
  accountName: string;
  iban: string;
  bic: string;
  dueDays: number;
}

/** The farm's bank account and due-date default; empty strings while nothing was entered. */
export async function readBankSettings(db: Database, appId: string): Promise<BankSettings> {
  const values = await settingsWithPrefix(db, appId, 'bank.');
  const dueDays = Number.parseInt(values.get(bankSettingKeys.dueDays) ?? '', 10);
  return {
    accountName: values.get(bankSettingKeys.accountName) ?? '',
    iban: values.get(bankSettingKeys.iban) ?? '',
    bic: values.get(bankSettingKeys.bic) ?? '',
    dueDays: Number.isInteger(dueDays) && dueDays >= 0 ? dueDays : defaultDueDays,
  };
}

/** Whom members transfer to: null until the farm entered both the account holder and the IBAN. */
export function payeeOf(bank: BankSettings): Payee | null {
  if (!bank.accountName || !bank.iban) return null;
  return { name: bank.accountName, iban: bank.iban, bic: bank.bic || null };
}

/** A Mollie key is set (the Mollie part checks it with Mollie when it is saved). */
export async function mollieConfigured(db: Database, appId: string): Promise<boolean> {
  return ((await settingValue(db, appId, bankSettingKeys.mollieApiKey)) ?? '').trim() !== '';
}

/** Saves the account (IBAN normalised and checked mod 97) and the due-date default, audit-logged. */
export async function saveBankSettings(
  db: Database,
  appId: string,
  auth: RequestAuth,
  input: BankSettingsInput,
): Promise<BankSettings> {
  const iban = normalizeIban(input.iban);
  if (!isValidIban(iban)) {
    throw new HttpError(400, 'BANK_ACCOUNT_INVALID', undefined, {
      iban: 'Dit is geen geldig IBAN-rekeningnummer. Controleer de cijfers (bv. BE68 5390 0754 7034).',
    });
  }
  const saved: BankSettings = {
    accountName: input.accountName,
    iban,
    bic: input.bic.toUpperCase(),
    dueDays: input.dueDays,
  };
  const values: [string, string][] = [
    [bankSettingKeys.accountName, saved.accountName],
    [bankSettingKeys.iban, saved.iban],
    [bankSettingKeys.bic, saved.bic],
    [bankSettingKeys.dueDays, String(saved.dueDays)],
  ];
  await inTransaction(db, async (tx) => {
    const farm = tenantDb(tx, appId);
    for (const [key, value] of values) {
      // Never public: the account is shown only with a transaction's payment page.
      await farm
        .insert(settings)
        .values({ appId, key, value, isPublic: false })
        .onConflictDoUpdate({ target: [settings.appId, settings.key], set: { value, isPublic: false } });
    }
    await audit(tx, appId, auth, 'bank.settings', { ...saved });
  });
  return saved;
}

// ---------------------------------------------------------------------------------------------------
// IBAN (ISO 13616): a private copy of the contract's `isValidIban` / `normalizeIban` (bank-lib branch)
// until that lands on main.

/** SEPA countries' IBAN lengths: a known country with another length is refused even if mod 97 holds. */
const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18,
  FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20,
  LV: 21, MC: 27, MT: 31, NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27,
  VA: 22,
}; // prettier-ignore

/** Without spaces, in capitals: how it is stored and compared. */
export function normalizeIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

export function isValidIban(iban: string): boolean {
  const normalized = normalizeIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(normalized)) return false;
  const length = ibanLengths[normalized.slice(0, 2)];
  if (length !== undefined && normalized.length !== length) return false;
  // Country and check digits to the end, letters as 10..35, the whole read as a number mod 97 = 1.
  let rest = 0;
  for (const char of normalized.slice(4) + normalized.slice(0, 4)) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return rest === 1;
}
