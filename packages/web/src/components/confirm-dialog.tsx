import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/form';
import { Dialog } from './dialog';
import { FormError } from './form-error';

/**
 * What a delete, remove or anonymise does, in the same three plain parts on every screen (decision 097):
 * what is gone for good, what is kept, and what can be undone instead (deactivate, close, switch off).
 */
export interface Consequences {
  gone: string;
  kept?: string;
  instead?: string;
}

export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirmLabel: string;
  /** The button that keeps things as they are; "Annuleren" unless a screen words it otherwise. */
  cancelLabel?: string;
  /** Colour of the confirm button (red for what cannot be undone); the farm's colour by default. */
  color?: string;
  pending: boolean;
  /** The failed attempt's error, shown in Dutch above the buttons; the dialog stays open. */
  error: unknown;
  onConfirm: () => void;
  /** What else the dialog asks before it confirms (the removal's typed name), below the text. */
  children?: ReactNode;
  /** For a delete: what goes for good, what stays and what can be undone instead, below the text. */
  consequences?: Consequences;
}

function ConsequenceList({ consequences }: { consequences: Consequences }) {
  const { t } = useTranslation('dialogs');
  const parts = [
    ['gone', consequences.gone],
    ['kept', consequences.kept],
    ['instead', consequences.instead],
  ] as const;
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {parts.map(([part, text]) =>
        text ? (
          <Text component="li" key={part} size="sm" className="pluk-wrap">
            <Text span fw={700} size="sm">
              {t(`consequences.${part}`)}
            </Text>{' '}
            {text}
          </Text>
        ) : null,
      )}
    </Stack>
  );
}

/** Asks once more before an action a manager or member cannot take back (close, delete, cancel). */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  cancelLabel,
  color,
  pending,
  error,
  onConfirm,
  children,
  consequences,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack>
        <Text>{text}</Text>
        {consequences && <ConsequenceList consequences={consequences} />}
        {children}
        {error ? <FormError>{errorText(error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button color={color} loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
