import type { ImportBatch } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { ImportBatchList, UndoImportButton } from '../../../components/import-parts';
import { useCropImportBatches, useUndoCropImport } from '../api/crop-import';

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
  return (
    <UndoImportButton
      mutation={useUndoCropImport()}
      batchId={batch.id}
      size={size}
      onDone={onDone}
      texts={{
        label: t('importBatch.undo'),
        title: t('importBatch.undoTitle'),
        text: [
          t('importBatch.undoCreated', { count: batch.createdCount }),
          t('importBatch.undoUpdated', { count: batch.updatedCount }),
          t('importBatch.undoFinal'),
        ],
        confirm: t('importBatch.undoConfirm'),
        success: t('importBatch.undone', { created: batch.createdCount, updated: batch.updatedCount }),
      }}
    />
  );
}

/** The farm's last crop imports, each with its undo while nothing uses what it wrote. */
export function CropImportBatches() {
  const { t } = useTranslation('harvest');
  return (
    <ImportBatchList
      query={useCropImportBatches()}
      counts={(batch) =>
        t('importBatch.counts', { created: batch.createdCount, updated: batch.updatedCount })
      }
      undo={(batch) => <UndoCropImportButton batch={batch} />}
    />
  );
}
