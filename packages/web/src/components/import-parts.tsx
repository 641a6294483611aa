import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconDownload } from '@tabler/icons-react';
import { useQuery, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import type { ImportBatch, ImportProgress } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../lib/form';
import { ConfirmActionButton } from './confirm-action-button';
import { FormError } from './form-error';

/*
 * What every spreadsheet import screen shares (crops: decision 094; members: decision 097): the files it
 * takes, the progress with counts, the template download and the list of earlier imports with their undo.
 */

/** The files an import takes: .xlsx, or .csv however the system names it. */
export const spreadsheetAccept = {
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  // Some systems name a .csv after Excel or as plain text.
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv'],
};

/** How often a running import is asked how far it is. */
export const progressPollMs = 500;

/** A key for one confirm: the screen asks progress by it (decision 094). */
export function newProgressKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How far the confirm with this key is, asked every half second while `enabled`. */
export function useImportProgress(
  queryKey: readonly unknown[],
  progressKey: string | null,
  enabled: boolean,
  fetch: (progressKey: string, signal: AbortSignal) => Promise<ImportProgress>,
) {
  return useQuery({
    queryKey: [...queryKey, progressKey],
    queryFn: ({ signal }) => fetch(progressKey!, signal),
    enabled: enabled && progressKey !== null,
    refetchInterval: enabled ? progressPollMs : false,
    retry: false,
    gcTime: 0,
  });
}

const count = new Intl.NumberFormat('nl-BE');

/**
 * While the import writes: how many rows of how many ('1.200 van 3.000'), from the server by the confirm's
 * own key. Before the first answer it shows the total with 0 done.
 */
export function ImportProgressBar({
  progress,
  total,
}: {
  progress: UseQueryResult<ImportProgress>;
  total: number;
}) {
  const { t } = useTranslation('imports');
  const done = progress.data?.done ?? 0;
  const all = progress.data?.total || total;
  const label = t('progress', { done: count.format(done), total: count.format(all) });
  return (
    <Stack gap={4} role="status">
      <Text size="sm">{label}</Text>
      <Progress value={all > 0 ? (done / all) * 100 : 0} aria-hidden transitionDuration={200} />
    </Stack>
  );
}

/** Downloads the empty spreadsheet with the Dutch headers to start from. */
export function TemplateDownloadButton({
  download,
  label,
}: {
  download: UseMutationResult<void, Error, void>;
  label: string;
}) {
  const errorText = useErrorText();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        {label}
      </Button>
      {download.isError && <FormError>{errorText(download.error)}</FormError>}
    </Stack>
  );
}

const dateTime = new Intl.DateTimeFormat('nl-BE', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The farm's last imports of one kind, each with who and when, what it did (`counts`), and its undo while
 * nothing uses what it wrote — else the server's reason why not.
 */
export function ImportBatchList({
  query,
  counts,
  undo,
}: {
  query: UseQueryResult<ImportBatch[]>;
  counts: (batch: ImportBatch) => string;
  undo: (batch: ImportBatch) => ReactNode;
}) {
  const { t } = useTranslation('imports');
  if (query.isError) return <Alert color="red">{t('batches.loadError')}</Alert>;
  const batches = query.data ?? [];
  if (batches.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('batches.title')}
      </Title>
      <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {batches.map((batch) => (
          <Card component="li" key={batch.id} withBorder radius="sm" padding="xs">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} className="pluk-wrap">
                    {batch.fileName || t('batches.noFileName')}
                  </Text>
                  <Text size="sm" c="dimmed" className="pluk-wrap">
                    {t('batches.when', {
                      when: dateTime.format(new Date(batch.createdAt)),
                      who: batch.createdBy ?? t('batches.someone'),
                    })}
                    {' · '}
                    {counts(batch)}
                  </Text>
                </Stack>
                {!batch.undoneAt && !batch.blockedBecause && undo(batch)}
              </Group>
              {batch.undoneAt && (
                <Text size="sm" c="dimmed">
                  {t('batches.wasUndone', { when: dateTime.format(new Date(batch.undoneAt)) })}
                </Text>
              )}
              {batch.blockedBecause && (
                <Text size="sm" className="pluk-wrap">
                  {t('batches.blocked', { reason: batch.blockedBecause })}
                </Text>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Undo of one import batch (crops: decision 094; members: decision 097): a red button whose dialog says
 * what the undo removes and brings back, and that it is final. Each import gives its own words.
 */
export function UndoImportButton({
  mutation,
  batchId,
  texts,
  size = 'sm',
  onDone,
}: {
  mutation: UseMutationResult<unknown, Error, number>;
  batchId: number;
  texts: { label: string; title: string; text: string[]; confirm: string; success: string };
  size?: 'sm' | 'md';
  onDone?: () => void;
}) {
  return (
    <ConfirmActionButton
      size={size}
      variant="light"
      color="red"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      confirm={{
        mutation,
        variables: batchId,
        title: texts.title,
        text: texts.text.join(' '),
        confirmLabel: texts.confirm,
        color: 'red',
        success: texts.success,
        ...(onDone ? { onDone } : {}),
      }}
    >
      {texts.label}
    </ConfirmActionButton>
  );
}
