import { Button, Group, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Above a list with a selection (ADR 096): how many are chosen, the list's own bulk actions, export the
 * selection as CSV and clear it. Shown only while something is chosen.
 */
export function SelectionBar({
  count,
  label,
  onExport,
  onClear,
  children,
}: {
  count: number;
  /** The toolbar's name ("Acties voor de gekozen gewassen"). */
  label: string;
  onExport: () => void;
  onClear: () => void;
  /** The bulk actions of the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('lists');
  if (count === 0) return null;
  return (
    <Group
      gap="sm"
      p="sm"
      role="toolbar"
      aria-label={label}
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
    >
      <Text fw={600}>{t('dataTable.selected', { count })}</Text>
      {children}
      <Button variant="light" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} onClick={onExport}>
        {t('dataTable.exportSelection')}
      </Button>
      <Button variant="subtle" onClick={onClear}>
        {t('dataTable.clearSelection')}
      </Button>
    </Group>
  );
}
