import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { formatIban, formatStructuredReference, type StatementLine } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActionButton } from '../../../../components/confirm-action-button';
import { formatCalendarDay } from '../../../../lib/dates';
import { formatEuros } from '../../../../lib/euros';
import { useIgnoreLine } from '../api/statement-import';
import { MatchLineDialog } from './match-line-dialog';
import { needsHandling, StatementOutcomeBadge } from './statement-outcome-badge';

/** Who paid: the name, or the account when the bank gave no name. */
function payerOf(line: StatementLine): string | null {
  return line.counterpartyName ?? (line.counterpartyIban ? formatIban(line.counterpartyIban) : null);
}

/** The line's message: its structured reference as people read it, else the free communication. */
function messageOf(line: StatementLine): string | null {
  return line.structuredReference ? formatStructuredReference(line.structuredReference) : line.communication;
}

/** "Koppel" and "Negeer" for a flagged or unmatched line of money in. */
function LineActions({ importId, line }: { importId: number; line: StatementLine }) {
  const { t } = useTranslation('bankAdmin');
  const ignore = useIgnoreLine();
  // A fresh dialog (and search) each time it opens; the same one while it closes, so focus returns.
  const [opened, setOpened] = useState(false);
  const [openings, setOpenings] = useState(0);
  const what = t('lines.lineOf', {
    amount: formatEuros(line.amountCents),
    name: payerOf(line) ?? t('lines.unknownPayer'),
  });
  return (
    <>
      <Group gap="xs">
        <Button
          size="compact-md"
          variant="light"
          leftSection={<IconLink size={16} aria-hidden />}
          aria-label={t('lines.matchFor', { line: what })}
          onClick={() => {
            setOpenings((count) => count + 1);
            setOpened(true);
          }}
        >
          {t('lines.match')}
        </Button>
        <ConfirmActionButton
          size="compact-md"
          variant="subtle"
          color="gray"
          aria-label={t('lines.ignoreFor', { line: what })}
          confirm={{
            mutation: ignore,
            variables: { importId, lineId: line.id },
            title: t('lines.ignoreTitle'),
            text: t('lines.ignoreText', { line: what }),
            confirmLabel: t('lines.ignore'),
            success: t('lines.ignored'),
          }}
        >
          {t('lines.ignore')}
        </ConfirmActionButton>
      </Group>
      <MatchLineDialog
        key={openings}
        importId={importId}
        line={line}
        opened={opened}
        onClose={() => setOpened(false)}
      />
    </>
  );
}

function LineTransaction({ line }: { line: StatementLine }) {
  const { t } = useTranslation('bankAdmin');
  if (!line.transactionLabel) return null;
  return (
    <Text size="sm" c="dimmed" className="pluk-wrap">
      {t('lines.transaction', { label: line.transactionLabel })}
    </Text>
  );
}

/**
 * The lines of a bank statement with what became of each: a table on a wide screen, a card per line on a
 * phone (six columns do not fit beside each other there). Flagged and unmatched credit lines can be
 * matched to an open transaction or set aside.
 */
export function StatementLines({ importId, lines }: { importId: number; lines: StatementLine[] }) {
  const { t } = useTranslation('bankAdmin');
  const wide = useMediaQuery('(min-width: 62em)');
  const caption = t('lines.caption', { count: lines.length });
  if (wide) {
    return (
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Caption>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" className="pluk-nowrap">
                {t('lines.date')}
              </Table.Th>
              <Table.Th scope="col" ta="right" className="pluk-nowrap">
                {t('lines.amount')}
              </Table.Th>
              <Table.Th scope="col" className="pluk-nowrap">
                {t('lines.payer')}
              </Table.Th>
              <Table.Th scope="col" className="pluk-nowrap">
                {t('lines.message')}
              </Table.Th>
              <Table.Th scope="col" className="pluk-nowrap">
                {t('lines.outcome')}
              </Table.Th>
              <Table.Th scope="col" className="pluk-nowrap">
                {t('lines.actions')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td className="pluk-nowrap">{formatCalendarDay(line.bookingDate)}</Table.Td>
                <Table.Td ta="right" className="pluk-nowrap">
                  {formatEuros(line.amountCents)}
                </Table.Td>
                <Table.Td className="pluk-wrap">{payerOf(line) ?? '—'}</Table.Td>
                <Table.Td className="pluk-wrap-words">{messageOf(line) ?? '—'}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <StatementOutcomeBadge outcome={line.outcome} />
                    <LineTransaction line={line} />
                  </Stack>
                </Table.Td>
                <Table.Td>{needsHandling(line) && <LineActions importId={importId} line={line} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={caption}>
      {lines.map((line) => {
        const message = messageOf(line);
        return (
          <Card component="li" key={line.id} withBorder radius="sm" padding="sm">
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" align="flex-start">
                <Text fw={600} className="pluk-wrap-words" style={{ flex: '1 1 10rem' }}>
                  {t('lines.summary', {
                    amount: formatEuros(line.amountCents),
                    name: payerOf(line) ?? t('lines.unknownPayer'),
                  })}
                </Text>
                <StatementOutcomeBadge outcome={line.outcome} />
              </Group>
              <Text size="sm" c="dimmed">
                {formatCalendarDay(line.bookingDate)}
              </Text>
              {message && (
                <Text size="sm" className="pluk-wrap">
                  {message}
                </Text>
              )}
              <LineTransaction line={line} />
              {needsHandling(line) && <LineActions importId={importId} line={line} />}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
