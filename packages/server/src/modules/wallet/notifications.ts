import { formatVirtualMoney } from '@pluk/contract';
import type { NotificationInput } from '../notification/notify.js';

/** To each member who received a donation from the farm's internal bank. */
export function donationNotification(userId: number, amountCents: number, reason: string): NotificationInput {
  return {
    userId,
    title: `Je ontving ${formatVirtualMoney(amountCents)}`,
    body: `De boerderij gaf je ${formatVirtualMoney(amountCents)}: ${reason}`,
    link: '/wallet',
  };
}
