import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp, IconCash, IconEdit, IconTrash, IconX } from '@tabler/icons-react';
import type { ManagedTransactionDetail } from '@pluk/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatEuros } from '../../../lib/euros';
import { useCancelTransaction, useDeleteTransaction } from './api/transaction-mutations';
import { useTransaction } from './api/transactions';
import { MarkPaidDialog } from './mark-paid-dialog';
import { PaymentLink } from './payment-link';
import { ReopenDialog } from './reopen-dialog';
import { SendPaymentMail } from './send-payment-mail';
import { TransactionEvents } from './transaction-events';
import { TransactionFacts } from './transaction-facts';
import { headerText, TransactionStatusBadge } from './transaction-parts';

export interface TransactionDetailLinks {
  edit: (id: number) => string;
  /** The payment mails waiting for review. */
  emails: string;
  /** A member's payments. */
  member: (userId: number, name: string) => string;
  /** The member's own page for this transaction (no login): what the payment link opens. */
  paymentLink: (publicId: string) => string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Actions({
  transaction,
  links,
  onDeleted,
}: {
  transaction: ManagedTransactionDetail;
  links: TransactionDetailLinks;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const [paying, { open, close }] = useDisclosure(false);
  const [reopening, reopenDialog] = useDisclosure(false);
  const cancel = useCancelTransaction();
  const remove = useDeleteTransaction();
  const isOpen = transaction.status === 'open';
  const isPaid = transaction.status === 'paid';
  const paidOnline = isPaid && transaction.paidVia === 'online';
  return (
    <Stack gap="sm">
      {!isOpen && (
        <Text c="dimmed" className="pluk-wrap">
          {t(paidOnline ? 'detail.closed.paidOnline' : `detail.closed.${transaction.status}`)}
        </Text>
      )}
      <Group gap="sm">
        {isPaid && (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconArrowBackUp size={18} aria-hidden />}
            onClick={reopenDialog.open}
          >
            {t(paidOnline ? 'detail.refund' : 'detail.reopen')}
          </Button>
        )}
        {isOpen && (
          <>
            <Button leftSection={<IconCash size={18} aria-hidden />} onClick={open}>
              {t('detail.markPaid')}
            </Button>
            <Button
              component={Link}
              to={links.edit(transaction.id)}
              variant="light"
              leftSection={<IconEdit size={18} aria-hidden />}
            >
              {t('detail.edit')}
            </Button>
            <ConfirmActionButton
              variant="light"
              color="orange"
              leftSection={<IconX size={18} aria-hidden />}
              confirm={{
                title: t('detail.cancelTitle'),
                text: t('detail.cancelText', {
                  name: transaction.payerName,
                  amount: formatEuros(transaction.amountCents),
                }),
                confirmLabel: t('detail.cancel'),
                cancelLabel: t('detail.keepOpen'),
                color: 'red',
                mutation: cancel,
                variables: transaction.id,
                success: t('detail.cancelled'),
              }}
            >
              {t('detail.cancel')}
            </ConfirmActionButton>
          </>
        )}
        <ConfirmActionButton
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          confirm={{
            title: t('detail.deleteTitle'),
            text: t('detail.deleteText', {
              name: transaction.payerName,
              amount: formatEuros(transaction.amountCents),
            }),
            consequences: {
              gone: t('detail.deleteGone', {
                name: transaction.payerName,
                amount: formatEuros(transaction.amountCents),
              }),
              kept: t('detail.deleteKept', {
                name: transaction.payerName,
                amount: formatEuros(transaction.amountCents),
              }),
              instead: t('detail.deleteInstead', {
                name: transaction.payerName,
                amount: formatEuros(transaction.amountCents),
              }),
            },
            confirmLabel: t('detail.delete'),
            color: 'red',
            mutation: remove,
            variables: transaction.id,
            success: t('detail.deleted'),
            onDone: onDeleted,
          }}
        >
          {t('detail.delete')}
        </ConfirmActionButton>
      </Group>
      {isOpen && transaction.userId !== null && (
        <SendPaymentMail
          userId={transaction.userId}
          transactionId={transaction.id}
          emailsHref={links.emails}
        />
      )}
      <MarkPaidDialog transaction={transaction} opened={paying} onClose={close} />
      <ReopenDialog transaction={transaction} opened={reopening} onClose={reopenDialog.close} />
    </Stack>
  );
}

/**
 * `/applicationManager/bank/Transactions/detail/{id}`: one transaction with every field, its actions
 * (betaald zetten, bewerken, annuleren, verwijderen, betaalmail), the member's payment link and the audit
 * trail.
 */
export function TransactionDetail({
  id,
  links,
  onDeleted,
}: {
  id: number;
  links: TransactionDetailLinks;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('bankManager');
  const query = useTransaction(id);
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const transaction = query.data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" className="pluk-wrap" style={headerText}>
            {transaction.description}
          </Title>
          <TransactionStatusBadge transaction={transaction} />
        </Group>
        <Text fw={700} size="xl">
          {formatEuros(transaction.amountCents)}
        </Text>
        <Text className="pluk-wrap">{transaction.payerName}</Text>
      </Stack>
      <Actions transaction={transaction} links={links} onDeleted={onDeleted} />
      <Section title={t('detail.factsTitle')}>
        <TransactionFacts
          transaction={transaction}
          payerHref={
            transaction.userId === null ? null : links.member(transaction.userId, transaction.payerName)
          }
        />
      </Section>
      <Section title={t('detail.linkTitle')}>
        <PaymentLink href={links.paymentLink(transaction.publicId)} />
      </Section>
      <Section title={t('detail.eventsTitle')}>
        <TransactionEvents events={transaction.events} />
      </Section>
    </Stack>
  );
}
