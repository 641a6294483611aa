import { isValidIban, normalizeIban, type BankSettings, type Payee } from '@pluk/contract';
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
