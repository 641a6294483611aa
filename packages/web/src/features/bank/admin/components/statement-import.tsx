import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileInvoice, IconInfoCircle } from '@tabler/icons-react';
import { bankLimits, formatIban, type StatementImport } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BackLink } from '../../../../components/back-link';
import { EmptyState } from '../../../../components/empty-state';
import { FileDropzone } from '../../../../components/file-dropzone';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { SummaryFigure } from '../../../../components/summary-figure';
import { SavingProgress } from '../../../../components/upload-parts';
import { formatMoment } from '../../../../lib/dates';
import { useErrorText } from '../../../../lib/form';
import { useImportDetail, useImports, useImportStatement } from '../api/statement-import';
import { StatementLines } from './statement-lines';

const megabyte = 1024 * 1024;
/**
 * CODA comes as .cod, .coda or .txt, CAMT.053 as .xml. Browsers give CODA files no or a plain-text
 * type, so the extension decides; the server reads the content and refuses what is neither.
 */
const accept = {
  'text/plain': ['.cod', '.coda', '.txt'],
  'application/xml': ['.xml'],
  'text/xml': ['.xml'],
};
/** The query parameter that opens an earlier import on this screen. */
export const importParam = 'inlezing';

export interface StatementImportLinks {
  /** This screen; with an id, that earlier import's lines. */
  importHref: (importId?: number) => string;
}

/** One import's facts in a sentence: the format, the account, when and by whom. */
function useImportFacts() {
  const { t } = useTranslation('bankAdmin');
  return (item: StatementImport) =>
    [
      t(`import.format.${item.format}`),
      item.accountIban ? t('import.account', { iban: formatIban(item.accountIban) }) : null,
      item.importedByName
        ? t('import.importedBy', { date: formatMoment(item.importedAt), name: item.importedByName })
        : t('import.importedAt', { date: formatMoment(item.importedAt) }),
    ]
      .filter(Boolean)
      .join(' · ');
}

/**
 * One import: what the file was, the counts, and its lines with their outcome. `alreadyImported` is
 * what the upload answered (the same file again changed nothing); an import opened later says nothing
 * about it.
 */
function ImportView({
  importId,
  alreadyImported,
  titleOrder,
}: {
  importId: number;
  alreadyImported: boolean;
  /** Its file name is the screen's section title (2) or sits under one (3). */
  titleOrder: 2 | 3;
}) {
  const { t } = useTranslation('bankAdmin');
  const facts = useImportFacts();
  const query = useImportDetail(importId);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const detail = query.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={titleOrder} size="h3" className="pluk-wrap">
          {detail.fileName}
        </Title>
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {facts(detail)}
        </Text>
      </div>
      {alreadyImported && (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="status">
          {t('import.alreadyImported')}
        </Alert>
      )}
      <Group gap="xs" align="stretch">
        {(['lines', 'paid', 'flagged', 'unmatched', 'skipped'] as const).map((count) => (
          <SummaryFigure
            compact
            key={count}
            label={t(`import.counts.${count}`)}
            value={detail.counts[count]}
          />
        ))}
      </Group>
      {detail.lines.length === 0 ? (
        <Text c="dimmed">{t('import.noLines')}</Text>
      ) : (
        <StatementLines importId={detail.id} lines={detail.lines} />
      )}
    </Stack>
  );
}

/** The files read before, the latest first, each opening its lines on this screen. */
function EarlierImports({ links }: { links: StatementImportLinks }) {
  const { t } = useTranslation('bankAdmin');
  const facts = useImportFacts();
  const query = useImports();
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState icon={IconFileInvoice} title={t('import.noneYetTitle')} text={t('import.noneYetText')} />
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {query.data.map((item) => (
        <li key={item.id}>
          <Card component={Link} to={links.importHref(item.id)} withBorder radius="md" padding="sm">
            <Stack gap={2}>
              <Text fw={600} className="pluk-wrap">
                {item.fileName}
              </Text>
              <Text size="sm" c="dimmed" className="pluk-wrap">
                {facts(item)}
              </Text>
              <Text size="sm" className="pluk-wrap">
                {t('import.countsLine', {
                  count: item.counts.lines,
                  paid: item.counts.paid,
                  flagged: item.counts.flagged,
                  unmatched: item.counts.unmatched,
                })}
              </Text>
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** Picking the file (a keyboard-reachable dropzone), the reading in progress and why a file was refused. */
function Upload({ onImported }: { onImported: (id: number, alreadyImported: boolean) => void }) {
  const { t } = useTranslation('bankAdmin');
  const errorText = useErrorText();
  const helpId = useId();
  const upload = useImportStatement();
  const [rejection, setRejection] = useState<string | null>(null);
  const choose = (files: File[]) => {
    const file = files[0];
    if (!file || upload.isPending) return;
    setRejection(null);
    upload.mutate(file, {
      onSuccess: (detail) => {
        notifications.show({
          color: 'brand',
          icon: <IconCheck size={18} aria-hidden />,
          message: detail.alreadyImported
            ? t('import.alreadyImported')
            : t('import.done', { count: detail.counts.lines, paid: detail.counts.paid }),
        });
        onImported(detail.id, detail.alreadyImported);
      },
    });
  };
  const reject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    if (!first) return;
    setRejection(
      first.errors.some((error) => error.code === 'file-too-large')
        ? t('import.tooLarge', { name: first.file.name, size: bankLimits.statementMaxBytes / megabyte })
        : t('import.wrongType', { name: first.file.name }),
    );
  };
  return (
    <Stack gap="xs">
      <FileDropzone
        label={t('import.dropzone')}
        helpId={helpId}
        idleIcon={IconFileInvoice}
        onDrop={choose}
        onReject={reject}
        maxSize={bankLimits.statementMaxBytes}
        maxFiles={1}
        multiple={false}
        accept={accept}
        disabled={upload.isPending}
      />
      <Text size="sm" c="dimmed" id={helpId}>
        {t('import.help', { size: bankLimits.statementMaxBytes / megabyte })}
      </Text>
      {rejection && <FormError>{rejection}</FormError>}
      {upload.isError && <FormError>{errorText(upload.error)}</FormError>}
      <SavingProgress pending={upload.isPending} label={t('import.reading')} />
    </Stack>
  );
}

/**
 * `/applicationManager/bank/import`: a bank statement (CODA or CAMT.053) is read on the server, which
 * marks the transactions it pays and lists the rest; the manager matches or sets aside what is left.
 * Below, the earlier imports; `?inlezing={id}` shows one of them.
 */
export function StatementImportScreen({ links }: { links: StatementImportLinks }) {
  const { t } = useTranslation('bankAdmin');
  const [searchParams] = useSearchParams();
  const [uploaded, setUploaded] = useState<{ id: number; alreadyImported: boolean } | null>(null);
  const opened = Number(searchParams.get(importParam));

  if (Number.isInteger(opened) && opened > 0) {
    return (
      <Stack gap="md">
        <BackLink to={links.importHref()}>{t('import.backToImport')}</BackLink>
        <ImportView importId={opened} alreadyImported={false} titleOrder={2} />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <section aria-labelledby="import-file">
        <Title order={2} size="h3" id="import-file" mb="xs">
          {t('import.fileTitle')}
        </Title>
        {uploaded ? (
          <Stack gap="md">
            <ImportView importId={uploaded.id} alreadyImported={uploaded.alreadyImported} titleOrder={3} />
            <Group>
              <Button variant="light" onClick={() => setUploaded(null)}>
                {t('import.another')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text mb="sm">{t('import.intro')}</Text>
            <Upload onImported={(id, alreadyImported) => setUploaded({ id, alreadyImported })} />
          </>
        )}
      </section>
      <section aria-labelledby="import-earlier">
        <Title order={2} size="h3" id="import-earlier" mb="xs">
          {t('import.earlierTitle')}
        </Title>
        <EarlierImports links={links} />
      </section>
    </Stack>
  );
}
