import type { LocaleVariant } from '@pluk/contract';
import type { Database, Transaction } from '../../db/client.js';
import { tenantDb } from '../../db/tenant.js';
import { appHosts, apps, settings } from '../../db/schema/index.js';

export interface InstallationInput {
  appId: string;
  name: string;
  hosts: readonly string[];
  isDefault?: boolean;
  colors?: { primary: string; secondary: string; background: string };
  localeVariant: LocaleVariant;
  membershipExplanation?: string;
  customRegistrationQuestion?: string | null;
  harvestYearStart?: { month: number; day: number };
  logo?: { data: Buffer; mime: string } | null;
  settings?: readonly { key: string; value: string; isPublic?: boolean }[];
}

/**
 * Writes a new installation: its `apps` row, the host names it answers on (lower-case) and its first
 * settings. What else a farm needs is made on first use (its VAPID keys, the internal bank's wallet).
 * Shared by the Admin's `createApp` and the demo seed and test factories, so a farm made either way is
 * the same. A taken app id or host name is the database's unique violation (`apps_pkey`,
 * `app_hosts_pkey`), for the caller to answer.
 */
export async function insertInstallation(
  db: Database | Transaction,
  input: InstallationInput,
): Promise<void> {
  const farm = tenantDb(db, input.appId);
  await farm.insert(apps).values({
    appId: input.appId,
    name: input.name,
    isDefault: input.isDefault ?? false,
    colorPrimary: input.colors?.primary,
    colorSecondary: input.colors?.secondary,
    colorBackground: input.colors?.background,
    localeVariant: input.localeVariant,
    membershipExplanation: input.membershipExplanation ?? '',
    customRegistrationQuestion: input.customRegistrationQuestion ?? null,
    harvestYearStartMonth: input.harvestYearStart?.month,
    harvestYearStartDay: input.harvestYearStart?.day,
    logo: input.logo?.data,
    logoMime: input.logo?.mime,
    logoVersion: input.logo ? String(Date.now()) : null,
  });
  const hosts = input.hosts.map((host) => host.toLowerCase());
  if (hosts.length > 0)
    await farm.insert(appHosts).values(hosts.map((host) => ({ host, appId: input.appId })));
  const rows = (input.settings ?? []).map((s) => ({
    appId: input.appId,
    key: s.key,
    value: s.value,
    isPublic: s.isPublic ?? false,
  }));
  if (rows.length > 0) await farm.insert(settings).values(rows);
}
