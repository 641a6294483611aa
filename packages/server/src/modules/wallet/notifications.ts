import type { NotificationInput } from '../notification/notify.js';

/** "12,50 plukgeld" (the web's formatVirtualMoney, for texts the server writes). */
export function formatPlukgeld(cents: number): string {
  const euros = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  const sign = cents < 0 ? '−' : '';
  return `${sign}${euros.toLocaleString('nl-BE')},${String(rest).padStart(2, '0')} plukgeld`;
}

/** To each member who received a donation from the farm's internal bank. */
export function donationNotification(userId: number, amountCents: number, reason: string): NotificationInput {
  return {
    userId,
    title: `Je ontving ${formatPlukgeld(amountCents)}`,
    body: `De boerderij gaf je ${formatPlukgeld(amountCents)}: ${reason}`,
    link: '/wallet',
  };
}
