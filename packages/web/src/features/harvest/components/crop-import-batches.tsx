import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ImportBatch } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { useCropImportBatches, useUndoCropImport } from '../api/crop-import';

const dateTime = new Intl.DateTimeFormat('nl-BE', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Undo of one crop import (decision 094): the dialog says plainly what comes back and what does not —
 * new crops are deleted for good, changed crops get their earlier values back, and the undo itself
 * cannot be taken back (import the file again instead).
 */
export function UndoCropImportButton({
  batch,
  size = 'sm',
  onDone,
}: {
  batch: Pick<ImportBatch, 'id' | 'createdCount' | 'updatedCount'>;
  size?: 'sm' | 'md';
  onDone?: () => void;
}) {
  const { t } = useTranslation('harvest');
  const undo = useUndoCropImport();
  return (
    <ConfirmActionButton
      size={size}
      variant="light"
      color="red"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      confirm={{
        mutation: undo,
        variables: batch.id,
        title: t('importBatch.undoTitle'),
        text: [
          t('importBatch.undoCreated', { count: batch.createdCount }),
          t('importBatch.undoUpdated', { count: batch.updatedCount }),
          t('importBatch.undoFinal'),
        ].join(' '),
        confirmLabel: t('importBatch.undoConfirm'),
        color: 'red',
        success: t('importBatch.undone', { created: batch.createdCount, updated: batch.updatedCount }),
        ...(onDone ? { onDone } : {}),
      }}
    >
      {t('importBatch.undo')}
    </ConfirmActionButton>
  );
}

function BatchRow({ batch }: { batch: ImportBatch }) {
  const { t } = useTranslation('harvest');
  return (
    <Card component="li" withBorder radius="sm" padding="xs">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} className="pluk-wrap">
              {batch.fileName || t('importBatch.noFileName')}
            </Text>
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {t('importBatch.when', {
                when: dateTime.format(new Date(batch.createdAt)),
                who: batch.createdBy ?? t('importBatch.someone'),
              })}
              {' · '}
              {t('importBatch.counts', { created: batch.createdCount, updated: batch.updatedCount })}
            </Text>
          </Stack>
          {!batch.undoneAt && !batch.blockedBecause && <UndoCropImportButton batch={batch} />}
        </Group>
        {batch.undoneAt && (
          <Text size="sm" c="dimmed">
            {t('importBatch.wasUndone', { when: dateTime.format(new Date(batch.undoneAt)) })}
          </Text>
        )}
        {batch.blockedBecause && (
          <Text size="sm" className="pluk-wrap">
            {t('importBatch.blocked', { reason: batch.blockedBecause })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The farm's last crop imports, each with its undo while nothing uses what it wrote. */
export function CropImportBatches() {
  const { t } = useTranslation('harvest');
  const query = useCropImportBatches();
  if (query.isError) return <Alert color="red">{t('importBatch.loadError')}</Alert>;
  const batches = query.data ?? [];
  if (batches.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('importBatch.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {batches.map((batch) => (
          <BatchRow key={batch.id} batch={batch} />
        ))}
      </Stack>
    </Stack>
  );
}
