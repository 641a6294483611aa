import { Group, Loader, Stack, Switch, Text } from '@mantine/core';
import type { ManagedTransaction } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/form';
import { useSetPayed } from './api/transaction-mutations';
import { notifyError, notifySuccess } from './notify';

/**
 * Whether a member paid this harvest year, as the server keeps it (`users.has_paid`): with open or paid
 * transactions of the year it follows them (paid when none is open and one is paid); without, it is what
 * a manager last set by hand, which no call answers, so it is then only known once set here.
 */
export function paidFromTransactions(
  transactions: ManagedTransaction[],
  harvestYear: number,
): boolean | null {
  const ofYear = transactions.filter((transaction) => transaction.harvestYear === harvestYear);
  const open = ofYear.some((transaction) => transaction.status === 'open');
  const paid = ofYear.some((transaction) => transaction.status === 'paid');
  if (!open && !paid) return null;
  return !open && paid;
}

/**
 * "Betaald dit oogstjaar" (`POST applicationManager/User/SetPayed`): on marks the year's open
 * transactions paid (manueel); off is refused while paid transactions say otherwise (409, the server's
 * message is shown).
 */
export function SetPayedSwitch({
  userId,
  harvestYear,
  transactions,
}: {
  userId: number;
  harvestYear: number;
  /** The member's transactions (the latest 20: every one of this year, in practice). */
  transactions: ManagedTransaction[];
}) {
  const { t } = useTranslation('bankManager');
  const errorText = useErrorText();
  const [setByHand, setSetByHand] = useState<boolean | null>(null);
  const setPayed = useSetPayed({
    onSuccess: (result) => {
      setSetByHand(result.hasPaid);
      notifySuccess(
        result.hasPaid
          ? t('payed.on', { year: harvestYear, count: result.transactionsMarkedPaid })
          : t('payed.off', { year: harvestYear }),
      );
    },
    onError: (error) => notifyError(errorText(error)),
  });
  const descriptionId = useId();
  const derived = paidFromTransactions(transactions, harvestYear);
  const checked = derived ?? setByHand ?? false;
  const description =
    derived !== null
      ? t('payed.followsTransactions', { year: harvestYear })
      : setByHand !== null
        ? t('payed.setByHand')
        : t('payed.unknown', { year: harvestYear });
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Switch
          size="md"
          label={t('payed.label', { year: harvestYear })}
          // Beside the switch, not in its name (Mantine puts a description inside the label).
          aria-describedby={descriptionId}
          checked={checked}
          aria-busy={setPayed.isPending}
          classNames={{ label: 'pluk-wrap' }}
          onChange={(event) => {
            if (setPayed.isPending) return;
            const hasPaid = event.currentTarget.checked;
            setPayed.mutate({ userId, hasPaid });
          }}
        />
        {setPayed.isPending && <Loader size="sm" aria-label={t('payed.saving')} role="status" />}
      </Group>
      <Text size="sm" c="dimmed" id={descriptionId} className="pluk-wrap">
        {description}
      </Text>
    </Stack>
  );
}
