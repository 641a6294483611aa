import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import type { ManagedTransaction } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useCurrentBankYear } from './api/summary';
import { useUserTransactions } from './api/transactions';
import { NewTransactionDialog } from './new-transaction-dialog';
import { ReminderPauseSwitch } from './reminder-pause-switch';
import { SetPayedSwitch } from './set-payed-switch';
import { TransactionCard } from './transaction-card';

export interface UserPaymentsLinks {
  detail: (id: number) => string;
  /** The bank list filtered on this member: all their transactions, beyond the latest 20. */
  all: (userId: number, name: string) => string;
}

/**
 * A member's payments, for a manager's page about that member: "Betaald dit oogstjaar", "Nieuwe
 * transactie" for them, and their latest 20 transactions (`POST applicationManager/bank/Paged` with
 * `userId`). A section of its own, so the users' member page can show it as it is.
 */
export function UserPayments({
  userId,
  name,
  links,
}: {
  userId: number;
  /** The member's name, when the page knows it; otherwise the transactions name them. */
  name: string | null;
  links: UserPaymentsLinks;
}) {
  const { t } = useTranslation('bankManager');
  const titleId = useId();
  const [creating, { open, close }] = useDisclosure(false);
  const year = useCurrentBankYear();
  const query = useUserTransactions(userId);
  const items: ManagedTransaction[] = query.data?.items ?? [];
  const memberName = name ?? items[0]?.payerName ?? t('user.unknownName', { id: userId });
  const member = { id: userId, name: memberName };
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {t('user.title', { name: memberName })}
      </Title>
      {year.isPending || query.isPending ? (
        <LoadingState />
      ) : year.isError ? (
        <ErrorState error={year.error} onRetry={() => void year.refetch()} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SetPayedSwitch userId={userId} harvestYear={year.data} transactions={items} />
          <ReminderPauseSwitch userId={userId} name={memberName} />
          <Group>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
              {t('list.new')}
            </Button>
          </Group>
          {items.length === 0 ? (
            <EmptyState icon={IconReceipt} title={t('user.emptyTitle')} text={t('user.emptyText')} />
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label={t('user.listLabel', { name: memberName })}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {items.map((transaction) => (
                <li key={transaction.id}>
                  <TransactionCard
                    transaction={transaction}
                    to={links.detail(transaction.id)}
                    showPayer={false}
                  />
                </li>
              ))}
            </Stack>
          )}
          {query.data.total > items.length && (
            <Text size="sm" c="dimmed">
              {t('user.more', { shown: items.length, total: query.data.total })}{' '}
              <Anchor component={Link} to={links.all(userId, memberName)} size="sm">
                {t('user.all')}
              </Anchor>
            </Text>
          )}
          <NewTransactionDialog opened={creating} onClose={close} harvestYear={year.data} member={member} />
        </>
      )}
    </Stack>
  );
}
