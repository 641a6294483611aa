import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatStructuredReference, type ManagedTransaction } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDay, formatMoment } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { TransactionStatusBadge, usePaidViaLabel } from './transaction-parts';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} className="pluk-wrap">
        {children}
      </Text>
    </Stack>
  );
}

/** Every field of a transaction as a list of terms: one column on a phone, two on a wider screen. */
export function TransactionFacts({
  transaction,
  payerHref,
}: {
  transaction: ManagedTransaction;
  /** The member's payments, while the member still exists. */
  payerHref: string | null;
}) {
  const { t } = useTranslation('bankManager');
  const paidViaLabel = usePaidViaLabel();
  const none = t('detail.none');
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
      <Fact term={t('detail.payer')}>
        {payerHref ? (
          <Anchor component={Link} to={payerHref}>
            {transaction.payerName}
          </Anchor>
        ) : (
          t('detail.payerDeleted', { name: transaction.payerName })
        )}
      </Fact>
      <Fact term={t('detail.email')}>{transaction.userEmail ?? none}</Fact>
      <Fact term={t('detail.amount')}>{formatEuros(transaction.amountCents)}</Fact>
      <Fact term={t('detail.status')}>
        <TransactionStatusBadge transaction={transaction} />
      </Fact>
      <Fact term={t('detail.description')}>{transaction.description}</Fact>
      <Fact term={t('detail.subscription')}>{transaction.subscriptionName ?? none}</Fact>
      <Fact term={t('detail.harvestYear')}>{transaction.harvestYear}</Fact>
      <Fact term={t('detail.dueDate')}>{formatCalendarDay(transaction.dueDate)}</Fact>
      <Fact term={t('detail.reference')}>{formatStructuredReference(transaction.structuredReference)}</Fact>
      <Fact term={t('detail.paidAt')}>{transaction.paidAt ? formatMoment(transaction.paidAt) : none}</Fact>
      <Fact term={t('detail.paidVia')}>{transaction.paidVia ? paidViaLabel(transaction.paidVia) : none}</Fact>
      <Fact term={t('detail.providerId')}>{transaction.paymentProviderId ?? none}</Fact>
      <Fact term={t('detail.createdAt')}>{formatMoment(transaction.createdAt)}</Fact>
      <Fact term={t('detail.updatedAt')}>{formatMoment(transaction.updatedAt)}</Fact>
    </SimpleGrid>
  );
}
