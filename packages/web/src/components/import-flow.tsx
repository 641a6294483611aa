import { Button, Card, Stack, Switch, Table, Text } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { harvestLimits } from '@pluk/contract';
import { useId, useState, type ReactNode } from 'react';
import { useErrorText } from '../lib/form';
import { FileDropzone } from './file-dropzone';
import { FormError } from './form-error';
import { newProgressKey, spreadsheetAccept, TemplateDownloadButton } from './import-parts';
import { SavingProgress } from './upload-parts';

/*
 * The steps every spreadsheet import walks (crops: decision 094; members: decision 097): choose a file,
 * the server's preview with each row's problems, confirm with progress, undo. Each import keeps only what
 * is its own: its columns, its counts and its confirm options.
 */

/** The texts an import names in its own namespace, under `import.`. */
export type ImportText =
  | 'onlyErrors'
  | 'tableCaption'
  | 'moreRows'
  | 'noErrors'
  | 'dropzone'
  | 'help'
  | 'template'
  | 'file'
  | 'reading'
  | 'tooLarge'
  | 'wrongType';
export type ImportTexts = (key: ImportText, options?: Record<string, unknown>) => string;

/** One problem of a row, as both imports' previews answer it (a column, or null for the whole row). */
interface ImportRowError {
  column: string | null;
  message: string;
}

const megabyte = 1024 * 1024;
/** Rows shown at once in the preview; "Meer rijen tonen" shows the next ones. */
const rowsPerStep = 100;

/**
 * The state of one import screen: the chosen file (previewed at once), a file the dropzone refused, the
 * confirm's progress key and whether the result was undone.
 */
export function useImportFlow<P, R, V>({
  preview,
  confirm,
  variables,
  text,
}: {
  preview: UseMutationResult<P, Error, File>;
  confirm: UseMutationResult<R, Error, V>;
  /** The confirm's body for the file and the progress key it is followed by. */
  variables: (file: File, progressKey: string) => V;
  text: ImportTexts;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const [progressKey, setProgressKey] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
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
        ? text('tooLarge', { name: first.file.name, size: harvestLimits.importMaxBytes / megabyte })
        : text('wrongType', { name: first.file.name }),
    );
  };
  const startOver = () => {
    setFile(null);
    setRejection(null);
    setUndone(false);
    preview.reset();
    confirm.reset();
  };
  const write = () => {
    if (!file) return;
    const key = newProgressKey();
    setProgressKey(key);
    confirm.mutate(variables(file, key));
  };
  const busy = preview.isPending || confirm.isPending;
  return { file, rejection, progressKey, undone, setUndone, choose, reject, startOver, write, busy };
}

/**
 * The file step: the dropzone with the columns, size and rows it takes and the template, or the chosen
 * file's name; then why a file was refused, why the preview failed, and the reading progress.
 */
export function ImportFilePicker({
  flow,
  preview,
  columns,
  download,
  text,
}: {
  flow: ReturnType<typeof useImportFlow>;
  preview: UseMutationResult<unknown, Error, File>;
  columns: ReadonlyArray<{ header: string }>;
  download: Parameters<typeof TemplateDownloadButton>[0]['download'];
  text: ImportTexts;
}) {
  const errorText = useErrorText();
  const helpId = useId();
  return (
    <>
      {!flow.file || preview.isError ? (
        <Stack gap="xs">
          <FileDropzone
            label={text('dropzone')}
            helpId={helpId}
            idleIcon={IconFileSpreadsheet}
            onDrop={flow.choose}
            onReject={flow.reject}
            maxSize={harvestLimits.importMaxBytes}
            maxFiles={1}
            multiple={false}
            accept={spreadsheetAccept}
          />
          <Text size="sm" c="dimmed" id={helpId}>
            {text('help', {
              columns: columns.map((column) => column.header).join(', '),
              size: harvestLimits.importMaxBytes / megabyte,
              rows: harvestLimits.importMaxRows,
            })}
          </Text>
          <TemplateDownloadButton download={download} label={text('template')} />
        </Stack>
      ) : (
        <Text size="sm">{text('file', { name: flow.file.name })}</Text>
      )}
      {flow.rejection && <FormError>{flow.rejection}</FormError>}
      {preview.isError && <FormError>{errorText(preview.error)}</FormError>}
      <SavingProgress pending={preview.isPending} label={text('reading')} />
    </>
  );
}

/** A row's problems in the server's Dutch words, with the column they are in. */
export function ImportRowErrors({ errors, text }: { errors: ImportRowError[]; text: ImportTexts }) {
  if (errors.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {text('noErrors')}
      </Text>
    );
  return (
    <Stack gap={2}>
      {errors.map((error, index) => (
        <Text key={index} size="sm" c="red.8" className="pluk-wrap">
          {error.column ? `${error.column}: ${error.message}` : error.message}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The preview's rows: a table on a wide screen, a card per row on a phone (the columns do not fit beside
 * each other), only the rows with problems at first when there are any, a hundred at a time.
 */
export function ImportPreviewRows<Row extends { row: number; errors: ImportRowError[] }>({
  rows: all,
  errorCount,
  text,
  headers,
  cells,
  card,
}: {
  rows: Row[];
  errorCount: number;
  text: ImportTexts;
  /** Every column header: the row number first, then those of `cells`, the problems last. */
  headers: string[];
  /** The cells between the row number and the problems. */
  cells: (row: Row) => ReactNode[];
  card: (row: Row) => ReactNode;
}) {
  const [onlyErrors, setOnlyErrors] = useState(errorCount > 0);
  const [shown, setShown] = useState(rowsPerStep);
  const wide = useMediaQuery('(min-width: 48em)');
  const rows = onlyErrors ? all.filter((row) => row.errors.length > 0) : all;
  const visible = rows.slice(0, shown);
  const caption = text('tableCaption', { count: all.length });
  return (
    <Stack gap="xs">
      {errorCount > 0 && (
        <Switch
          label={text('onlyErrors')}
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
                {headers.map((header) => (
                  <Table.Th key={header} scope="col">
                    {header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  {cells(row).map((cell, index) => (
                    <Table.Td key={index}>{cell}</Table.Td>
                  ))}
                  <Table.Td>
                    <ImportRowErrors errors={row.errors} text={text} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Stack component="ul" gap="xs" aria-label={caption} m={0} p={0} style={{ listStyle: 'none' }}>
          {visible.map((row) => (
            <Card component="li" key={row.row} withBorder radius="sm" padding="xs">
              <Stack gap={4}>
                {card(row)}
                {row.errors.length > 0 && <ImportRowErrors errors={row.errors} text={text} />}
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {rows.length > shown && (
        <Button variant="default" onClick={() => setShown((count) => count + rowsPerStep)}>
          {text('moreRows', { count: rows.length - shown })}
        </Button>
      )}
    </Stack>
  );
}
