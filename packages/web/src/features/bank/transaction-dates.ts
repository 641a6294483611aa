import type { MemberTransaction } from '@pluk/contract';

/** Today as a calendar day `YYYY-MM-DD` on the device's clock (the farm's, for members in Belgium). */
export function today(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Open after its due day: the due day itself still counts as on time. */
export function isOverdue(
  transaction: Pick<MemberTransaction, 'status' | 'dueDate'>,
  now = new Date(),
): boolean {
  return transaction.status === 'open' && transaction.dueDate < today(now);
}
