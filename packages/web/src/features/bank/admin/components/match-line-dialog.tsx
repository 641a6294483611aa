import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { bankLimits, formatStructuredReference, type StatementLine } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog';
import { FormError } from '../../../../components/form-error';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import { formatCalendarDay } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { useErrorText } from '../../../../lib/form';
import { useMatchLine, useOpenTransactions } from '../api/statement-import';

/** What the search starts with: the line's structured reference (digits), else who paid. */
export function initialMatchSearch(line: StatementLine): string {
  return (line.structuredReference ?? line.counterpartyName ?? '').slice(0, bankLimits.searchMax);
}

/**
 * Matching a bank line to an open transaction by hand: the open transactions found by a search
 * (prefilled with the line's reference or name), one chosen, and the line pays it.
 */
export function MatchLineDialog({
  importId,
  line,
  opened,
  onClose,
}: {
  importId: number;
  line: StatementLine;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['bankAdmin', 'common']);
  const errorText = useErrorText();
  const [search, setSearch] = useState(() => initialMatchSearch(line));
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const candidates = useOpenTransactions(debounced, opened);
  const match = useMatchLine();
  const items = candidates.data?.items ?? [];

  const submit = () => {
    if (chosen === null) return;
    match.mutate(
      { importId, lineId: line.id, transactionId: Number(chosen) },
      {
        onSuccess: () => {
          onClose();
          notifications.show({
            color: 'brand',
            icon: <IconCheck size={18} aria-hidden />,
            message: t('lines.matched'),
          });
        },
      },
    );
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('lines.matchTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" className="pluk-wrap">
          {t('lines.matchLine', {
            amount: formatEuros(line.amountCents),
            name: line.counterpartyName ?? t('lines.unknownPayer'),
            date: formatCalendarDay(line.bookingDate),
          })}
        </Text>
        <TextInput
          type="search"
          label={t('lines.matchSearch')}
          description={t('lines.matchSearchHelp')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={bankLimits.searchMax}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setChosen(null);
          }}
          data-autofocus
        />
        {candidates.isPending ? (
          <LoadingState />
        ) : candidates.isError ? (
          <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} />
        ) : items.length === 0 ? (
          <Text c="dimmed">{t('lines.noCandidates')}</Text>
        ) : (
          <Radio.Group label={t('lines.candidates')} value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {items.map((transaction) => (
                <Radio
                  key={transaction.id}
                  value={String(transaction.id)}
                  label={`${transaction.payerName} · ${formatEuros(transaction.amountCents)}`}
                  description={t('lines.candidate', {
                    description: transaction.description,
                    reference: formatStructuredReference(transaction.structuredReference),
                    date: formatCalendarDay(transaction.dueDate),
                  })}
                  classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {candidates.data && candidates.data.total > items.length && (
          <Text size="sm" c="dimmed">
            {t('lines.moreCandidates', { count: candidates.data.total - items.length })}
          </Text>
        )}
        {match.isError && <FormError>{errorText(match.error)}</FormError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button disabled={chosen === null} loading={match.isPending} onClick={submit}>
            {t('lines.matchConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
