import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An empty list: an icon, a title, a line of text and maybe an action. */
export function EmptyState({
  icon: EmptyIcon,
  title,
  text,
  action,
  color,
}: {
  icon: Icon;
  title: string;
  text: string;
  action?: ReactNode;
  /** The icon's colour: the farm's by default, gray for "not found". */
  color?: string;
}) {
  return (
    <Stack align="center" py="xl" gap="sm" ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        <EmptyIcon size={36} aria-hidden />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text c="dimmed">{text}</Text>
      {action}
    </Stack>
  );
}
