import { notifications } from '@mantine/notifications';

/** The farm's notification once a bank action worked. */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'brand', message });
}

/** A bank action without a dialog of its own to hold its error (export, mail, the paid switch). */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', message });
}
