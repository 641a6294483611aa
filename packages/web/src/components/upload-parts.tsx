import { ActionIcon, Badge, Card, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A file picked in a form but not yet uploaded: its preview (or `fallback` when it has none), its
 * name, a "new" badge and a button that takes it out again. Shared by the post and offer forms.
 */
export function NewFileCard({
  file,
  previewUrl,
  fallback,
  newLabel,
  removeLabel,
  onRemove,
}: {
  file: File;
  previewUrl: string | null;
  fallback?: ReactNode;
  newLabel: string;
  /** The remove button's accessible name. */
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Card withBorder padding="xs" radius="md">
      {previewUrl ? <Image src={previewUrl} alt={file.name} h={96} fit="cover" radius="sm" /> : fallback}
      <Group justify="space-between" wrap="nowrap" mt={4} gap={4}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" truncate title={file.name}>
            {file.name}
          </Text>
          <Badge size="xs" variant="light">
            {newLabel}
          </Badge>
        </Stack>
        <ActionIcon variant="subtle" color="red" size="xl" aria-label={removeLabel} onClick={onRemove}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  );
}

/** While a form with files saves: what it is doing (uploading or saving) over an animated bar. */
export function SavingProgress({ pending, label }: { pending: boolean; label: string }) {
  if (!pending) return null;
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{label}</Text>
      <Progress value={100} animated striped aria-hidden />
    </Stack>
  );
}
