import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A bank manager's dialog: centred, its close button named, and its form mounted only while it is open,
 * so every opening starts from fresh values.
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
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('header.close') }}
    >
      {opened && children}
    </Modal>
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
