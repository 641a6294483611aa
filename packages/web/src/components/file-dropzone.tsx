import '@mantine/dropzone/styles.css';
import { Group, Text } from '@mantine/core';
import { Dropzone, type DropzoneProps } from '@mantine/dropzone';
import { IconUpload, IconX, type Icon } from '@tabler/icons-react';

export interface FileDropzoneProps extends Omit<DropzoneProps, 'children' | 'role' | 'activateOnKeyboard'> {
  /** The visible text, which is also the control's name (WCAG 2.5.3). */
  label: string;
  /** The id of the text below it that states the limits (its description). */
  helpId: string;
  /** What the zone shows while nothing is dragged over it. */
  idleIcon: Icon;
  /** What it shows while a refused file is dragged over it (a cross by default). */
  rejectIcon?: Icon;
  iconSize?: number;
  minHeight?: number;
}

/**
 * A Dropzone that is a button for keyboards and screen readers: Tab reaches it, Enter or Space opens
 * the file dialog, and it is announced with its visible text as name and the limits below it as
 * description; the hidden file input inside is reached through it only. Shared by the post, offer,
 * crop photo and crop import forms. Its stylesheet comes with it, so only the screens that use it load it.
 */
export function FileDropzone({
  label,
  helpId,
  idleIcon: IdleIcon,
  rejectIcon: RejectIcon = IconX,
  iconSize = 32,
  minHeight = 80,
  ...dropzone
}: FileDropzoneProps) {
  return (
    <Dropzone
      {...dropzone}
      role="button"
      activateOnKeyboard
      aria-describedby={helpId}
      inputProps={{ hidden: true }}
    >
      <Group justify="center" gap="md" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={iconSize} aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <RejectIcon size={iconSize} aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IdleIcon size={iconSize} aria-hidden />
        </Dropzone.Idle>
        <Text fw={500}>{label}</Text>
      </Group>
    </Dropzone>
  );
}
