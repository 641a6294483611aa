import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { cropImportColumns, type CropImportPreview, type CropImportRow } from '@pluk/contract';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import {
  ImportFilePicker,
  ImportPreviewRows,
  useImportFlow,
  type ImportTexts,
} from '../../../components/import-flow';
import { ImportProgressBar } from '../../../components/import-parts';
import { useErrorText } from '../../../lib/form';
import {
  useConfirmCropImport,
  useCropImportProgress,
  useDownloadCropTemplate,
  usePreviewCropImport,
} from '../api/crop-import';
import { CropImportBatches, UndoCropImportButton } from './crop-import-batches';

function RowBadges({ row }: { row: CropImportRow }) {
  const { t } = useTranslation('harvest');
  return (
    <>
      <Badge variant="light" color={row.action === 'create' ? 'brand' : 'blue'}>
        {row.action === 'create' ? t('import.create') : t('import.update')}
      </Badge>
      {!row.isActive && (
        <Badge variant="light" color="gray" ml={4}>
          {t('crop.disabled')}
        </Badge>
      )}
    </>
  );
}

function PreviewTable({ preview, text }: { preview: CropImportPreview; text: ImportTexts }) {
  const { t } = useTranslation('harvest');
  return (
    <ImportPreviewRows
      rows={preview.rows}
      errorCount={preview.errorCount}
      text={text}
      headers={[
        t('import.row'),
        t('import.name'),
        t('import.unit'),
        t('import.fields'),
        t('import.action'),
        t('import.errors'),
      ]}
      cells={(row) => [row.name, row.unit, row.fieldNames.join(', '), <RowBadges key="badges" row={row} />]}
      card={(row) => (
        <>
          <Group justify="space-between" gap="xs">
            <Text fw={600} className="pluk-wrap">
              {t('import.rowName', { row: row.row, name: row.name || t('import.noName') })}
            </Text>
            <Group gap={4}>
              <RowBadges row={row} />
            </Group>
          </Group>
          {(row.unit || row.fieldNames.length > 0) && (
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {[row.unit, row.fieldNames.join(', ')].filter(Boolean).join(' · ')}
            </Text>
          )}
        </>
      )}
    />
  );
}

/**
 * The crop spreadsheet import (.xlsx or .csv): the file goes to the server's preview, which answers
 * every row with its Dutch errors and writes nothing; only the manager's confirmation imports it (all
 * rows or none). A name already known updates that crop, so importing again duplicates nothing.
 */
export function CropImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['harvest', 'common']);
  const errorText = useErrorText();
  const text: ImportTexts = (key, options) => t(`import.${key}`, options);
  const preview = usePreviewCropImport();
  const confirm = useConfirmCropImport();
  const flow = useImportFlow({
    preview,
    confirm,
    variables: (file, progressKey) => ({ file, progressKey }),
    text,
  });
  const { progressKey, undone, setUndone, startOver, busy } = flow;
  const download = useDownloadCropTemplate();
  const progress = useCropImportProgress(progressKey, confirm.isPending);

  const result = confirm.data;
  const data = preview.data;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('import.title')}
        </Title>
        {result ? (
          <>
            {undone ? (
              <Alert color="blue" role="status" title={t('importBatch.undoneTitle')}>
                {t('importBatch.undone', { created: result.created, updated: result.updated })}
              </Alert>
            ) : (
              <Alert
                color="brand"
                icon={<IconCheck aria-hidden />}
                role="status"
                title={t('import.doneTitle')}
              >
                {t('import.done', { created: result.created, updated: result.updated })}
                <Text size="sm" mt={4}>
                  {t('import.canUndo')}
                </Text>
              </Alert>
            )}
            <Group>
              {!undone && (
                <UndoCropImportButton
                  size="md"
                  batch={{ id: result.batchId, createdCount: result.created, updatedCount: result.updated }}
                  onDone={() => setUndone(true)}
                />
              )}
              <Button variant="light" onClick={startOver}>
                {t('import.another')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('import.close')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <ImportFilePicker
              flow={flow}
              preview={preview}
              columns={cropImportColumns}
              download={download}
              text={text}
            />
            {data && (
              <Stack gap="sm">
                <Text>
                  {t('import.summary', {
                    count: data.rows.length,
                    creates: data.creates,
                    updates: data.updates,
                  })}
                </Text>
                {data.canImport ? (
                  <Alert color="blue" role="status">
                    {t('import.nothingYet')}
                  </Alert>
                ) : (
                  <Alert color="red" role="alert" title={t('import.errorsTitle', { count: data.errorCount })}>
                    {t('import.errorsText')}
                  </Alert>
                )}
                <PreviewTable preview={data} text={text} />
                {confirm.isError && <FormError>{errorText(confirm.error)}</FormError>}
                {confirm.isPending && progressKey && (
                  <ImportProgressBar progress={progress} total={data.rows.length} />
                )}
                <Group>
                  <Button
                    leftSection={<IconCheck size={18} aria-hidden />}
                    disabled={!data.canImport || data.rows.length === 0}
                    loading={confirm.isPending}
                    onClick={flow.write}
                  >
                    {t('import.confirm', { count: data.rows.length })}
                  </Button>
                  <Button variant="default" disabled={busy} onClick={startOver}>
                    {t('import.otherFile')}
                  </Button>
                </Group>
              </Stack>
            )}
            {!data && (
              <Group>
                <Button variant="default" onClick={onClose} disabled={busy}>
                  {t('common:actions.cancel')}
                </Button>
              </Group>
            )}
            {!data && !busy && <CropImportBatches />}
          </>
        )}
      </Stack>
    </Card>
  );
}
