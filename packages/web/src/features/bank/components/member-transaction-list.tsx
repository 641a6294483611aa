import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { MemberTransaction } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import { useMyTransactions } from '../api/get-my-transactions';
import { TransactionStatusBadges, useWhenText } from './member-transaction-status';

export interface MemberTransactionLinks {
  /** The payment page of one transaction (`/account/membership/{publicId}`). */
  payment: (publicId: string) => string;
}

/** One transaction: a card that opens its payment page, named by what it says. */
function TransactionCard({
  transaction,
  to,
  showSubscription,
}: {
  transaction: MemberTransaction;
  to: string;
  showSubscription: boolean;
}) {
  const { t } = useTranslation('bank');
  const whenText = useWhenText();
  return (
    <Card component={Link} to={to} withBorder radius="md" padding="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Text fw={600} style={{ flex: '1 1 12rem', minWidth: 0 }}>
            {transaction.description}
          </Text>
          <Text fw={700}>{formatEuros(transaction.amountCents)}</Text>
        </Group>
        <Group gap="xs">
          <TransactionStatusBadges transaction={transaction} />
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {whenText(transaction)}
          </Text>
        </Group>
        {showSubscription && (
          <Text size="sm" c="dimmed" className="pluk-wrap">
            {transaction.subscriptionName
              ? t('mine.forSubscription', {
                  name: transaction.subscriptionName,
                  year: transaction.harvestYear,
                })
              : t('mine.harvestYear', { year: transaction.harvestYear })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * My transactions (`GET Bank`), the latest first, each opening its payment page: all of them on my
 * membership, or those of one subscription on its page. A section with its own heading.
 */
export function MemberTransactionList({
  links,
  subscriptionId,
}: {
  links: MemberTransactionLinks;
  /** Only this subscription's transactions (its tab); all of mine when absent. */
  subscriptionId?: number;
}) {
  const { t } = useTranslation('bank');
  const headingId = useId();
  const query = useMyTransactions();
  const forSubscription = subscriptionId !== undefined;
  const transactions = (query.data ?? []).filter(
    (transaction) => !forSubscription || transaction.subscriptionId === subscriptionId,
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={2} size={forSubscription ? 'h4' : 'h3'} id={headingId}>
        {forSubscription ? t('mine.subscriptionTitle') : t('mine.title')}
      </Title>
      {query.isPending ? (
        <ListSkeleton count={2} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : transactions.length === 0 ? (
        <EmptyState
          icon={IconReceipt}
          title={t('mine.emptyTitle')}
          text={forSubscription ? t('mine.subscriptionEmptyText') : t('mine.emptyText')}
        />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {transactions.map((transaction) => (
            <li key={transaction.publicId}>
              <TransactionCard
                transaction={transaction}
                to={links.payment(transaction.publicId)}
                showSubscription={!forSubscription}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
