import { Alert, Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { cropImportColumns, harvestLimits, type CropImportPreview, type CropImportRow } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { SavingProgress } from '../../../components/upload-parts';
import { useErrorText } from '../../../lib/form';
import {
  ImportProgressBar,
  newProgressKey,
  spreadsheetAccept,
  TemplateDownloadButton,
} from '../../../components/import-parts';
import {
  useConfirmCropImport,
  useCropImportProgress,
  useDownloadCropTemplate,
  usePreviewCropImport,
} from '../api/crop-import';
import { CropImportBatches, UndoCropImportButton } from './crop-import-batches';
import { FileDropzone } from '../../../components/file-dropzone';

const megabyte = 1024 * 1024;
/** Rows shown at once in the preview; "Meer rijen tonen" shows the next ones. */
const rowsPerStep = 100;

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

function RowErrors({ row }: { row: CropImportRow }) {
  const { t } = useTranslation('harvest');
  if (row.errors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('import.noErrors')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {row.errors.map((error, index) => (
        <Text key={index} size="sm" c="red.8" className="pluk-wrap">
          {error.column ? `${error.column}: ${error.message}` : error.message}
        </Text>
      ))}
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: CropImportPreview }) {
  const { t } = useTranslation('harvest');
  const [onlyErrors, setOnlyErrors] = useState(preview.errorCount > 0);
  const [shown, setShown] = useState(rowsPerStep);
  const wide = useMediaQuery('(min-width: 48em)');
  const rows = onlyErrors ? preview.rows.filter((row) => row.errors.length > 0) : preview.rows;
  const visible = rows.slice(0, shown);
  const caption = t('import.tableCaption', { count: preview.rows.length });
  return (
    <Stack gap="xs">
      {preview.errorCount > 0 && (
        <Switch
          label={t('import.onlyErrors')}
          checked={onlyErrors}
          onChange={(event) => setOnlyErrors(event.currentTarget.checked)}
        />
      )}
      {wide ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('import.row')}</Table.Th>
                <Table.Th scope="col">{t('import.name')}</Table.Th>
                <Table.Th scope="col">{t('import.unit')}</Table.Th>
                <Table.Th scope="col">{t('import.fields')}</Table.Th>
                <Table.Th scope="col">{t('import.action')}</Table.Th>
                <Table.Th scope="col">{t('import.errors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.unit}</Table.Td>
                  <Table.Td>{row.fieldNames.join(', ')}</Table.Td>
                  <Table.Td>
                    <RowBadges row={row} />
                  </Table.Td>
                  <Table.Td>
                    <RowErrors row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // On a phone a card per row: six columns do not fit beside each other.
        <Stack component="ul" gap="xs" aria-label={caption} m={0} p={0} style={{ listStyle: 'none' }}>
          {visible.map((row) => (
            <Card component="li" key={row.row} withBorder radius="sm" padding="xs">
              <Stack gap={4}>
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
                {row.errors.length > 0 && <RowErrors row={row} />}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {rows.length > shown && (
        <Button variant="default" onClick={() => setShown((count) => count + rowsPerStep)}>
          {t('import.moreRows', { count: rows.length - shown })}
        </Button>
      )}
    </Stack>
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
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const preview = usePreviewCropImport();
  const confirm = useConfirmCropImport();
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
  const download = useDownloadCropTemplate();
  const progress = useCropImportProgress(progressKey, confirm.isPending);

  const choose = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    setRejection(null);
    confirm.reset();
    setFile(chosen);
    preview.mutate(chosen);
  };
  const reject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    if (!first) return;
    setRejection(
      first.errors.some((error) => error.code === 'file-too-large')
        ? t('import.tooLarge', { name: first.file.name, size: harvestLimits.importMaxBytes / megabyte })
        : t('import.wrongType', { name: first.file.name }),
    );
  };
  const startOver = () => {
    setFile(null);
    setRejection(null);
    setUndone(false);
    preview.reset();
    confirm.reset();
  };
  const write = (chosen: File) => {
    const key = newProgressKey();
    setProgressKey(key);
    confirm.mutate({ file: chosen, progressKey: key });
  };

  const result = confirm.data;
  const data = preview.data;
  const busy = preview.isPending || confirm.isPending;
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
            {!file || preview.isError ? (
              <Stack gap="xs">
                <FileDropzone
                  label={t('import.dropzone')}
                  helpId={helpId}
                  idleIcon={IconFileSpreadsheet}
                  onDrop={choose}
                  onReject={reject}
                  maxSize={harvestLimits.importMaxBytes}
                  maxFiles={1}
                  multiple={false}
                  accept={spreadsheetAccept}
                />
                <Text size="sm" c="dimmed" id={helpId}>
                  {t('import.help', {
                    columns: cropImportColumns.map((column) => column.header).join(', '),
                    size: harvestLimits.importMaxBytes / megabyte,
                    rows: harvestLimits.importMaxRows,
                  })}
                </Text>
                <TemplateDownloadButton download={download} label={t('import.template')} />
              </Stack>
            ) : (
              <Text size="sm">{t('import.file', { name: file.name })}</Text>
            )}
            {rejection && <FormError>{rejection}</FormError>}
            {preview.isError && <FormError>{errorText(preview.error)}</FormError>}
            <SavingProgress pending={preview.isPending} label={t('import.reading')} />
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
                <PreviewTable preview={data} />
                {confirm.isError && <FormError>{errorText(confirm.error)}</FormError>}
                {confirm.isPending && progressKey && (
                  <ImportProgressBar progress={progress} total={data.rows.length} />
                )}
                <Group>
                  <Button
                    leftSection={<IconCheck size={18} aria-hidden />}
                    disabled={!data.canImport || data.rows.length === 0}
                    loading={confirm.isPending}
                    onClick={() => file && write(file)}
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
