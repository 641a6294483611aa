import type { EventAttendanceStatus } from '@pluk/contract';

/** Badge colours of a sign-up's state. */
export const statusColor: Record<EventAttendanceStatus, string> = {
  waiting: 'blue',
  confirmed: 'green',
  refused: 'red',
};
