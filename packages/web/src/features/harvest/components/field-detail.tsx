import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useDeleteField, useField } from '../api/fields';

/**
 * One field: its description, order and how many crops grow there; delete asks once more, and the
 * server's Dutch reason shows in the dialog while a crop still uses the field.
 */
export function FieldDetailView({ fieldId, onDeleted }: { fieldId: number; onDeleted: () => void }) {
  const { t } = useTranslation('harvest');
  const query = useField(fieldId);
  const remove = useDeleteField();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const field = query.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={2} className="pluk-wrap" style={{ minWidth: 0 }}>
          {field.name}
        </Title>
        <Badge color={field.cropCount > 0 ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {t('field.cropCount', { count: field.cropCount })}
        </Badge>
      </Group>
      {field.description ? (
        <Text style={{ whiteSpace: 'pre-wrap' }} className="pluk-wrap">
          {field.description}
        </Text>
      ) : (
        <Text c="dimmed">{t('field.noDescription')}</Text>
      )}
      <Text size="sm" c="dimmed">
        {t('field.position', { position: field.position })}
      </Text>
      {field.cropCount > 0 && <Text size="sm">{t('field.inUse', { count: field.cropCount })}</Text>}
      <Group>
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('field.deleteTitle'),
            text: t('field.deleteText', { name: field.name }),
            consequences: {
              gone: t('field.deleteGone', { name: field.name }),
              kept: t('field.deleteKept', { name: field.name }),
            },
            confirmLabel: t('field.deleteConfirm'),
            color: 'red',
            mutation: remove,
            variables: field.id,
            success: t('field.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('field.delete')}
        </ConfirmActionButton>
      </Group>
    </Stack>
  );
}
