import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  memberImportColumns,
  type ImportBatch,
  type MemberImportPreview,
  type MemberImportRow,
} from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import {
  ImportFilePicker,
  ImportPreviewRows,
  useImportFlow,
  type ImportTexts,
} from '../../../components/import-flow';
import { ImportBatchList, ImportProgressBar, UndoImportButton } from '../../../components/import-parts';
import { useErrorText } from '../../../lib/form';
import {
  useConfirmMemberImport,
  useDownloadMemberTemplate,
  useMemberImportBatches,
  useMemberImportProgress,
  usePreviewMemberImport,
  useUndoMemberImport,
} from '../api/member-import';

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
  return (
    <UndoImportButton
      mutation={useUndoMemberImport()}
      batchId={batch.id}
      size={size}
      onDone={onDone}
      texts={{
        label: t('import.undo'),
        title: t('import.undoTitle'),
        text: [
          t('import.undoCreated', { count: batch.createdCount }),
          t('import.undoMails'),
          t('import.undoFinal'),
        ],
        confirm: t('import.undoConfirm'),
        success: t('import.undone', { count: batch.createdCount }),
      }}
    />
  );
}

const nameOf = (row: MemberImportRow) => `${row.firstName} ${row.lastName}`.trim();

function PreviewTable({ preview, text }: { preview: MemberImportPreview; text: ImportTexts }) {
  const { t } = useTranslation('users');
  return (
    <ImportPreviewRows
      rows={preview.rows}
      errorCount={preview.errorCount}
      text={text}
      headers={[
        t('import.row'),
        t('import.name'),
        t('import.email'),
        t('import.username'),
        t('import.errors'),
      ]}
      cells={(row) => [
        <span key="name" className="pluk-wrap">
          {nameOf(row)}
        </span>,
        <span key="email" className="pluk-wrap">
          {row.email}
        </span>,
        <span key="username" className="pluk-wrap">
          {row.username}
        </span>,
      ]}
      card={(row) => (
        <>
          <Text fw={600} className="pluk-wrap">
            {t('import.rowName', { row: row.row, name: nameOf(row) || t('import.noName') })}
          </Text>
          {row.email && (
            <Text size="sm" c="dimmed" className="pluk-wrap">
              {row.email}
            </Text>
          )}
        </>
      )}
    />
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
  const text: ImportTexts = (key, options) => t(`import.${key}`, options);
  const [sendWelcomeEmail, setSendWelcomeEmail] = useState(false);
  const preview = usePreviewMemberImport();
  const confirm = useConfirmMemberImport();
  const flow = useImportFlow({
    preview,
    confirm,
    variables: (file, progressKey) => ({ file, progressKey, sendWelcomeEmail }),
    text,
  });
  const { progressKey, undone, setUndone, startOver, busy } = flow;
  const download = useDownloadMemberTemplate();
  const progress = useMemberImportProgress(progressKey, confirm.isPending);
  const batches = useMemberImportBatches();

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
            <ImportFilePicker
              flow={flow}
              preview={preview}
              columns={memberImportColumns}
              download={download}
              text={text}
            />
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
                <PreviewTable preview={data} text={text} />
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
