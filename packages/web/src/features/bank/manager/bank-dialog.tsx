import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';

/** A bank manager's form dialog: the form is mounted only while it is open, so every opening starts afresh. */
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
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      {opened && children}
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
