import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ComponentPropsWithoutRef } from 'react';
import { MutationConfirmDialog, type MutationConfirmDialogProps } from './mutation-confirm-dialog';

type ActionButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'onClick' | 'type'>;

/**
 * A button that asks once more before its action: it opens a MutationConfirmDialog (the last
 * attempt's error cleared) that runs the mutation. The close, delete, cancel, refuse and confirm
 * buttons of the task, event, post, market and request screens are all this.
 */
export function ConfirmActionButton<TVariables>({
  confirm,
  ...button
}: ActionButtonProps & {
  /** The dialog it opens and the mutation that dialog runs. */
  confirm: Omit<MutationConfirmDialogProps<TVariables>, 'opened' | 'onClose'>;
}) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        {...button}
        onClick={() => {
          confirm.mutation.reset();
          open();
        }}
      />
      <MutationConfirmDialog {...confirm} opened={opened} onClose={close} />
    </>
  );
}
