import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

export interface MutationConfirmDialogProps<TVariables> extends Omit<
  ConfirmDialogProps,
  'pending' | 'error' | 'onConfirm'
> {
  /** The action the dialog asks about; its pending state and error show in the dialog. */
  mutation: UseMutationResult<unknown, unknown, TVariables, unknown>;
  /** What the action is run with (an id); nothing happens while it is null. */
  variables: TVariables | null;
  /** The notification once it worked. */
  success: string;
  /** An icon for that notification (the events screens show a check). */
  successIcon?: ReactNode;
  /** Runs after the dialog closed and the notification showed (leave the page, tell the parent). */
  onDone?: () => void;
}

/**
 * A ConfirmDialog bound to one mutation: confirming runs it, and once it worked the dialog closes,
 * the farm's notification shows and `onDone` runs. Shared by every close, delete, cancel and refuse
 * dialog of the task, event, post, market and request screens.
 */
export function MutationConfirmDialog<TVariables>({
  mutation,
  variables,
  success,
  successIcon,
  onDone,
  ...dialog
}: MutationConfirmDialogProps<TVariables>) {
  return (
    <ConfirmDialog
      {...dialog}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (variables === null) return;
        mutation.mutate(variables, {
          onSuccess: () => {
            dialog.onClose();
            notifications.show({
              color: 'brand',
              ...(successIcon ? { icon: successIcon } : {}),
              message: success,
            });
            onDone?.();
          },
        });
      }}
    />
  );
}
