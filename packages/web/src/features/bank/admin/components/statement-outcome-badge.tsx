import { Badge } from '@mantine/core';
import type { StatementLineOutcome } from '@pluk/contract';
import { useTranslation } from 'react-i18next';

/** Colours from the theme's roles that keep their contrast in a light badge (lib/theme.ts). */
const colours: Record<StatementLineOutcome, string> = {
  paid: 'green',
  partial: 'orange',
  overpaid: 'orange',
  'already-paid': 'yellow',
  unmatched: 'red',
  'matched-by-hand': 'blue',
  ignored: 'gray',
  debit: 'gray',
};

/** What became of a bank statement line: Betaald, Te weinig, Te veel, Al betaald, Niet gevonden, … */
export function StatementOutcomeBadge({ outcome }: { outcome: StatementLineOutcome }) {
  const { t } = useTranslation('bankAdmin');
  return (
    <Badge variant="light" color={colours[outcome]}>
      {t(`outcome.${outcome}`)}
    </Badge>
  );
}

/** Lines a manager still has to decide on: money in that paid nothing by itself. */
export function needsHandling(line: { outcome: StatementLineOutcome; amountCents: number }): boolean {
  return (
    line.amountCents > 0 &&
    (line.outcome === 'partial' ||
      line.outcome === 'overpaid' ||
      line.outcome === 'already-paid' ||
      line.outcome === 'unmatched')
  );
}
