import { Alert, Button, Group, List, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconCheck, IconFileSpreadsheet, IconMail, IconX } from '@tabler/icons-react';
import { formatStructuredReference, type BulkResult, type ManagedTransaction } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { csvEuros, csvText, downloadCsv } from '../../../lib/csv';
import { formatEuros } from '../../../lib/euros';
import { useErrorText } from '../../../lib/form';
import { useMarkManyPaid, useRemindMany } from './api/reopen-and-bulk';
import { BankDialog, DialogButtons } from './bank-dialog';
import { notifyError } from './notify';

/** The selection as a CSV file for a spreadsheet (ADR 096: the shared, formula-safe CSV). */
export function selectionCsv(rows: ManagedTransaction[], header: string[]): string {
  return csvText(
    header,
    rows.map((row) => [
      row.payerName,
      row.description,
      csvEuros(row.amountCents),
      row.dueDate,
      row.status,
      formatStructuredReference(row.structuredReference),
    ]),
  );
}

const ways = ['transfer', 'cash', 'manual'] as const;

function MarkManyPaidForm({
  rows,
  onDone,
  onClose,
}: {
  rows: ManagedTransaction[];
  onDone: (result: BulkResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const markMany = useMarkManyPaid();
  const errorText = useErrorText();
  const [via, setVia] = useState<(typeof ways)[number]>('transfer');
  const [note, setNote] = useState('');
  const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (markMany.isPending) return;
        markMany.mutate(
          { ids: rows.map((row) => row.id), via, note: note.trim() },
          {
            onSuccess: (result) => {
              onDone(result);
              onClose();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text className="pluk-wrap">
          {t('bulk.markPaidIntro', { count: rows.length, amount: formatEuros(total) })}
        </Text>
        {markMany.isError && (
          <Alert color="red" role="alert">
            {errorText(markMany.error)}
          </Alert>
        )}
        <Radio.Group
          label={t('markPaid.via')}
          value={via}
          onChange={(value) => setVia(value as (typeof ways)[number])}
        >
          <Stack gap="xs" mt="xs">
            {ways.map((way) => (
              <Radio key={way} value={way} label={t(`paidVia.${way}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('markPaid.note')}
          description={t('markPaid.noteHelp')}
          autosize
          minRows={2}
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <DialogButtons
          back={t('markPaid.back')}
          submit={t('bulk.markPaidSubmit', { count: rows.length })}
          onBack={onClose}
          pending={markMany.isPending}
        />
      </Stack>
    </form>
  );
}

/** What happened to each selected transaction, with its payer, after a bulk action. */
function Results({
  result,
  rows,
  onClose,
}: {
  result: { title: string; answer: BulkResult };
  rows: ManagedTransaction[];
  onClose: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const nameOf = (id: number) => {
    const row = rows.find((one) => one.id === id);
    return row ? `${row.payerName} — ${row.description}` : `#${id}`;
  };
  const failed = result.answer.results.filter((row) => !row.ok).length;
  return (
    <Alert
      color={failed > 0 ? 'orange' : 'green'}
      title={result.title}
      role="status"
      withCloseButton
      closeButtonLabel={t('bulk.closeResults')}
      onClose={onClose}
    >
      <Text size="sm" mb="xs">
        {t('bulk.summary', { done: result.answer.results.length - failed, failed })}
      </Text>
      <List spacing={4} size="sm" listStyleType="none" style={{ paddingInlineStart: 0 }}>
        {result.answer.results.map((row) => (
          <List.Item
            key={row.id}
            icon={
              row.ok ? (
                <IconCheck size={16} color="var(--mantine-color-green-8)" aria-label={t('bulk.ok')} />
              ) : (
                <IconX size={16} color="var(--mantine-color-red-8)" aria-label={t('bulk.failed')} />
              )
            }
          >
            <Text span size="sm" className="pluk-wrap">
              <strong>{nameOf(row.id)}</strong>: {row.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * The bank list's selection (decision 093): mark paid, send a reminder now, export; then a result per row.
 */
export function BulkActions({
  rows,
  onClear,
}: {
  /** The selected transactions. */
  rows: ManagedTransaction[];
  onClear: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const [paying, payDialog] = useDisclosure(false);
  const remind = useRemindMany();
  const [result, setResult] = useState<{
    title: string;
    answer: BulkResult;
    rows: ManagedTransaction[];
  } | null>(null);
  const open = rows.filter((row) => row.status === 'open');
  return (
    <Stack gap="sm">
      {rows.length > 0 && (
        <Group
          gap="sm"
          p="sm"
          role="toolbar"
          aria-label={t('bulk.label')}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Text fw={600}>{t('bulk.selected', { count: rows.length })}</Text>
          <Button
            leftSection={<IconCash size={18} aria-hidden />}
            onClick={payDialog.open}
            disabled={open.length === 0}
          >
            {t('bulk.markPaid')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconMail size={18} aria-hidden />}
            disabled={open.length === 0}
            loading={remind.isPending}
            onClick={() =>
              remind.mutate(
                open.map((row) => row.id),
                {
                  onSuccess: (answer) => {
                    setResult({ title: t('bulk.remindTitle'), answer, rows });
                    onClear();
                  },
                  onError: (error) => notifyError(errorText(error)),
                },
              )
            }
          >
            {t('bulk.remind')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            onClick={() =>
              downloadCsv(
                t('bulk.exportFile'),
                selectionCsv(rows, [
                  t('table.payer'),
                  t('table.description'),
                  t('table.amount'),
                  t('table.due'),
                  t('table.status'),
                  t('table.reference'),
                ]),
              )
            }
          >
            {t('bulk.export')}
          </Button>
          <Button variant="subtle" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      )}
      {result && <Results result={result} rows={result.rows} onClose={() => setResult(null)} />}
      <BankDialog opened={paying} onClose={payDialog.close} title={t('bulk.markPaidTitle')}>
        <MarkManyPaidForm
          rows={open}
          onClose={payDialog.close}
          onDone={(answer) => {
            setResult({ title: t('bulk.markPaidTitle'), answer, rows });
            onClear();
          }}
        />
      </BankDialog>
    </Stack>
  );
}
