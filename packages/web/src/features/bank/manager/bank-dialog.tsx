import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';

/**
 * A bank manager's form dialog: the form is mounted only while it is open, so every opening starts afresh.
 * It stays mounted until the closing animation has ended: unmounting it at once left an empty dialog
 * frame on screen while the dialog faded out.
 */
export function BankDialog({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const [closing, setClosing] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    setClosing(!opened);
  }
  return (
    <Dialog opened={opened} onClose={onClose} title={title} onExitTransitionEnd={() => setClosing(false)}>
      {(opened || closing) && children}
    </Dialog>
  );
}

/** A dialog form's two buttons: back (closes it) and the submit, busy while its request runs. */
export function DialogButtons({
  back,
  submit,
  onBack,
  pending,
}: {
  back: string;
  submit: string;
  onBack: () => void;
  pending: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onBack}>
        {back}
      </Button>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
    </Group>
  );
}
