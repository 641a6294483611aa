import { Alert, Button, Card, Checkbox, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import {
  harvestLimits,
  memberImportColumns,
  type ImportBatch,
  type MemberImportPreview,
  type MemberImportRow,
} from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { FileDropzone } from '../../../components/file-dropzone';
import { FormError } from '../../../components/form-error';
import {
  ImportBatchList,
  ImportProgressBar,
  newProgressKey,
  spreadsheetAccept,
  TemplateDownloadButton,
} from '../../../components/import-parts';
import { SavingProgress } from '../../../components/upload-parts';
import { useErrorText } from '../../../lib/form';
import {
  useConfirmMemberImport,
  useDownloadMemberTemplate,
  useMemberImportBatches,
  useMemberImportProgress,
  usePreviewMemberImport,
  useUndoMemberImport,
} from '../api/member-import';

const megabyte = 1024 * 1024;
/** Rows shown at once in the preview; "Meer rijen tonen" shows the next ones. */
const rowsPerStep = 100;

/**
 * Undo of one member import (decision 097): the dialog says what goes for good (the accounts, their
 * household and unsent welcome e-mails), that an e-mail already sent cannot be called back, and that the
 * undo itself is final.
 */
export function UndoMemberImportButton({
  batch,
  size = 'sm',
  onDone,
}: {
  batch: Pick<ImportBatch, 'id' | 'createdCount'>;
  size?: 'sm' | 'md';
  onDone?: () => void;
}) {
  const { t } = useTranslation('users');
  const undo = useUndoMemberImport();
  return (
    <ConfirmActionButton
      size={size}
      variant="light"
      color="red"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      confirm={{
        mutation: undo,
        variables: batch.id,
        title: t('import.undoTitle'),
        text: [
          t('import.undoCreated', { count: batch.createdCount }),
          t('import.undoMails'),
          t('import.undoFinal'),
        ].join(' '),
        confirmLabel: t('import.undoConfirm'),
        color: 'red',
        success: t('import.undone', { count: batch.createdCount }),
        ...(onDone ? { onDone } : {}),
      }}
    >
      {t('import.undo')}
    </ConfirmActionButton>
  );
}

function RowErrors({ row }: { row: MemberImportRow }) {
  const { t } = useTranslation('users');
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

const nameOf = (row: MemberImportRow) => `${row.firstName} ${row.lastName}`.trim();

function PreviewTable({ preview }: { preview: MemberImportPreview }) {
  const { t } = useTranslation('users');
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
                <Table.Th scope="col">{t('import.email')}</Table.Th>
                <Table.Th scope="col">{t('import.username')}</Table.Th>
                <Table.Th scope="col">{t('import.errors')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td className="pluk-wrap">{nameOf(row)}</Table.Td>
                  <Table.Td className="pluk-wrap">{row.email}</Table.Td>
                  <Table.Td className="pluk-wrap">{row.username}</Table.Td>
                  <Table.Td>
                    <RowErrors row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        // On a phone a card per row: five columns do not fit beside each other.
        <Stack component="ul" gap="xs" aria-label={caption} m={0} p={0} style={{ listStyle: 'none' }}>
          {visible.map((row) => (
            <Card component="li" key={row.row} withBorder radius="sm" padding="xs">
              <Stack gap={4}>
                <Text fw={600} className="pluk-wrap">
                  {t('import.rowName', { row: row.row, name: nameOf(row) || t('import.noName') })}
                </Text>
                {row.email && (
                  <Text size="sm" c="dimmed" className="pluk-wrap">
                    {row.email}
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
 * The members spreadsheet import (decision 097), the crop import's twin: the server previews every row
 * with its problems and writes nothing; only the manager's confirmation imports them (all or none), as
 * approved members without a password, mailed only when "stuur een welkomstmail" is ticked.
 */
export function MemberImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['users', 'common']);
  const errorText = useErrorText();
  const helpId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const [sendWelcomeEmail, setSendWelcomeEmail] = useState(false);
  const preview = usePreviewMemberImport();
  const confirm = useConfirmMemberImport();
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
  const download = useDownloadMemberTemplate();
  const progress = useMemberImportProgress(progressKey, confirm.isPending);
  const batches = useMemberImportBatches();

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
    confirm.mutate({ file: chosen, progressKey: key, sendWelcomeEmail });
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
              <Alert color="blue" role="status" title={t('import.undoneTitle')}>
                {t('import.undone', { count: result.created })}
              </Alert>
            ) : (
              <Alert
                color="brand"
                icon={<IconCheck aria-hidden />}
                role="status"
                title={t('import.doneTitle')}
              >
                {t('import.done', { count: result.created })}{' '}
                {result.emailed > 0 ? t('import.emailed', { count: result.emailed }) : t('import.notEmailed')}
                <Text size="sm" mt={4}>
                  {t('import.canUndo')}
                </Text>
              </Alert>
            )}
            <Group>
              {!undone && (
                <UndoMemberImportButton
                  size="md"
                  batch={{ id: result.batchId, createdCount: result.created }}
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
                    columns: memberImportColumns.map((column) => column.header).join(', '),
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
                <Text>{t('import.summary', { count: data.rows.length })}</Text>
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
                <Checkbox
                  label={t('import.sendWelcomeEmail')}
                  description={t('import.sendWelcomeEmailHelp')}
                  checked={sendWelcomeEmail}
                  disabled={confirm.isPending}
                  onChange={(event) => setSendWelcomeEmail(event.currentTarget.checked)}
                />
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
            {!data && !busy && (
              <ImportBatchList
                query={batches}
                counts={(batch) => t('import.batchCount', { count: batch.createdCount })}
                undo={(batch) => <UndoMemberImportButton batch={batch} />}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
