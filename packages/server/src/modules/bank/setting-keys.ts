/**
 * The bank's settings (the `settings` table, never public): the farm's account for transfers and the
 * QR code, the due-date default, and the Mollie key (shown back masked only).
 */
export const bankSettingKeys = {
  accountName: 'bank.accountName',
  iban: 'bank.iban',
  bic: 'bank.bic',
  dueDays: 'bank.dueDays',
  mollieApiKey: 'mollie.apiKey',
  /** The reminder schedule (ADR 093): on or off, days after the due date, days between, how many. */
  reminderEnabled: 'bank.reminderEnabled',
  reminderFirstAfterDays: 'bank.reminderFirstAfterDays',
  reminderEveryDays: 'bank.reminderEveryDays',
  reminderMaxCount: 'bank.reminderMaxCount',
} as const;

export const defaultDueDays = 30;
