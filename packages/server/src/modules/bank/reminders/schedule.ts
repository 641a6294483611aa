import type { ReminderSchedule } from '@pluk/contract';
import type { Database } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { putSetting, settingsWithPrefix } from '../../../lib/app-settings.js';
import type { RequestAuth } from '../../../types.js';
import { audit } from '../../audit.js';
import { bankSettingKeys } from '../setting-keys.js';

/**
 * The reminder schedule's defaults (decision 093): 14 days after the due date, then every 14 days, at most 3.
 * Off until the farm switches it on (ADR 093): a farm decides itself that members get mail by themselves.
 */
export const defaultReminderSchedule: ReminderSchedule = {
  enabled: false,
  firstAfterDays: 14,
  everyDays: 14,
  maxCount: 3,
};

function whole(value: string | undefined, fallback: number, min: number, max: number): number {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isInteger(number) && number >= min && number <= max ? number : fallback;
}

export async function readReminderSchedule(db: Database, appId: string): Promise<ReminderSchedule> {
  const values = await settingsWithPrefix(db, appId, 'bank.reminder');
  const d = defaultReminderSchedule;
  return {
    enabled: values.get(bankSettingKeys.reminderEnabled) === 'true',
    firstAfterDays: whole(values.get(bankSettingKeys.reminderFirstAfterDays), d.firstAfterDays, 1, 365),
    everyDays: whole(values.get(bankSettingKeys.reminderEveryDays), d.everyDays, 1, 365),
    maxCount: whole(values.get(bankSettingKeys.reminderMaxCount), d.maxCount, 1, 10),
  };
}

export async function saveReminderSchedule(
  db: Database,
  appId: string,
  auth: RequestAuth,
  schedule: ReminderSchedule,
): Promise<ReminderSchedule> {
  await inTransaction(db, async (tx) => {
    const values: [string, string][] = [
      [bankSettingKeys.reminderEnabled, String(schedule.enabled)],
      [bankSettingKeys.reminderFirstAfterDays, String(schedule.firstAfterDays)],
      [bankSettingKeys.reminderEveryDays, String(schedule.everyDays)],
      [bankSettingKeys.reminderMaxCount, String(schedule.maxCount)],
    ];
    for (const [key, value] of values) await putSetting(tx, appId, key, value);
    await audit(tx, appId, auth, 'bank.reminderSchedule', { ...schedule });
  });
  return readReminderSchedule(db, appId);
}
