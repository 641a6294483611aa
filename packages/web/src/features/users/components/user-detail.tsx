import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconMail, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ManagedUserDetail } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmActionButton } from '../../../components/confirm-action-button';
import { formatDate } from '../../../lib/dates';
import { formatEuros } from '../../../lib/euros';
import { formatVirtualMoney } from '../../../lib/virtual-money';
import {
  ChoreStatusBadge,
  TransactionStatusBadge,
  transactionState,
} from '../../../components/status/status-badges';
import { today } from '../../bank/transaction-dates';
import { useErrorText } from '../../../lib/form';
import { useDeleteUser } from '../api/save-user';
import { PendingEmailNotice } from '../../../components/pending-email-notice';
import { useCancelEmailChange, useSendPasswordReset, useSendWelcomeEmail } from '../api/user-mails';
import { AboveYoursNote, useMayManage } from './may-manage';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** Welcome e-mail again and a password link, each with its result said in a notification. */
function MailButtons({ user }: { user: ManagedUserDetail }) {
  const { t } = useTranslation('users');
  const errorText = useErrorText();
  const welcome = useSendWelcomeEmail();
  const reset = useSendPasswordReset();
  const name = `${user.firstName} ${user.lastName}`;
  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconMail size={18} aria-hidden />}
        loading={welcome.isPending}
        onClick={() =>
          welcome.mutate(user.id, {
            onSuccess: ({ queued }) =>
              notifications.show({
                color: 'brand',
                message: queued
                  ? t('detail.welcomeSent', { name })
                  : t('detail.welcomeAlreadySent', { name }),
              }),
            onError: failed,
          })
        }
      >
        {t('detail.sendWelcome')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconKey size={18} aria-hidden />}
        loading={reset.isPending}
        onClick={() =>
          reset.mutate(user.id, {
            onSuccess: () => notifications.show({ color: 'brand', message: t('detail.resetSent', { name }) }),
            onError: failed,
          })
        }
      >
        {t('detail.resetPassword')}
      </Button>
    </>
  );
}

/** A new address waiting for the member's confirmation (ADR 087), with a way to cancel it. */
function PendingEmail({ user, pendingEmail }: { user: ManagedUserDetail; pendingEmail: string }) {
  const { t } = useTranslation('emailChange');
  const errorText = useErrorText();
  const cancel = useCancelEmailChange();
  return (
    <PendingEmailNotice
      self={false}
      pendingEmail={pendingEmail}
      currentEmail={user.email}
      cancelling={cancel.isPending}
      onCancel={() =>
        cancel.mutate(user.id, {
          onSuccess: () => notifications.show({ color: 'brand', message: t('cancelled') }),
          onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
        })
      }
    />
  );
}

/**
 * A member for managers: the account, household, subscriptions, wallet, credits, chores and bank
 * transactions, with edit, the two account e-mails and delete (anonymise, ADR 080).
 */
export function UserDetail({
  user,
  editHref,
  transactionsHref,
  onDeleted,
  isSelf,
}: {
  user: ManagedUserDetail;
  editHref: string;
  /** All of the member's transactions, on the bank's screen. */
  transactionsHref?: string;
  onDeleted: () => void;
  isSelf: boolean;
}) {
  const { t } = useTranslation('users');
  const remove = useDeleteUser();
  const mayManage = useMayManage(user);
  const name = `${user.firstName} ${user.lastName}`;
  const address = [
    `${user.address.street} ${user.address.number}`.trim(),
    `${user.address.postalCode} ${user.address.city}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3" className="pluk-wrap">
          {name}
        </Title>
        <Group gap={4}>
          {!user.isApproved && <Badge color="orange">{t('status.waiting')}</Badge>}
          <Badge color={user.isActive ? 'green' : 'gray'} variant="light">
            {user.isActive ? t('status.active') : t('status.inactive')}
          </Badge>
          {user.roles.map((role) => (
            <Badge key={role} variant="light">
              {t(`roles.${role}`)}
            </Badge>
          ))}
        </Group>
      </Stack>
      {/* An account above the manager's own roles is only shown (ADR 086). */}
      {!mayManage && <AboveYoursNote />}
      {mayManage && (
        <Group gap="xs">
          <Button component={Link} to={editHref} leftSection={<IconPencil size={18} aria-hidden />}>
            {t('detail.edit')}
          </Button>
          <MailButtons user={user} />
          {!isSelf && (
            <ConfirmActionButton
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              confirm={{
                mutation: remove,
                variables: user.id,
                title: t('detail.deleteTitle'),
                text: t('detail.deleteText', { name }),
                consequences: {
                  gone: t('detail.deleteGone', { name }),
                  kept: t('detail.deleteKept', { name }),
                  instead: t('detail.deleteInstead', { name }),
                },
                confirmLabel: t('detail.deleteConfirm'),
                color: 'red',
                success: t('detail.deleted', { name }),
                onDone: onDeleted,
              }}
            >
              {t('detail.delete')}
            </ConfirmActionButton>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('detail.account')}>
          <Text size="sm" className="pluk-wrap">
            {t('detail.username')}: {user.username}
          </Text>
          <Text size="sm" className="pluk-wrap">
            {t('detail.email')}: {user.email}
          </Text>
          {user.pendingEmail && <PendingEmail user={user} pendingEmail={user.pendingEmail} />}
          {user.phone && (
            <Text size="sm">
              {t('detail.phone')}: {user.phone}
            </Text>
          )}
          {address && (
            <Text size="sm" className="pluk-wrap">
              {t('detail.address')}: {address}
            </Text>
          )}
          <Text size="sm">{t('detail.registeredOn', { date: formatDate(user.createdAt) })}</Text>
          <Text size="sm">
            {user.lastSeenAt
              ? t('detail.lastSeen', { date: formatDate(user.lastSeenAt) })
              : t('list.neverSeen')}
          </Text>
          <Text size="sm">{user.hasPaid ? t('detail.hasPaid') : t('detail.notPaid')}</Text>
          <Text size="sm">
            {user.isTransactionable ? t('detail.transactionable') : t('detail.notTransactionable')}
          </Text>
        </Section>
        <Section title={t('detail.household')}>
          <List size="sm">
            {user.householdMembers.map((member) => (
              <List.Item key={member.id}>
                {member.name}
                {member.yearOfBirth ? ` (${member.yearOfBirth})` : ''} ·{' '}
                {member.isAdult ? t('detail.adult') : t('detail.child')}
              </List.Item>
            ))}
          </List>
        </Section>
        <Section title={t('detail.subscriptions')}>
          {user.subscriptions.length === 0 ? (
            <Empty>{t('detail.noSubscriptions')}</Empty>
          ) : (
            <List size="sm">
              {user.subscriptions.map((s) => (
                <List.Item key={s.id}>
                  {s.name} ({s.harvestYear})
                </List.Item>
              ))}
            </List>
          )}
        </Section>
        <Section title={t('detail.walletAndCredits')}>
          <Text size="sm">{t('detail.wallet', { amount: formatVirtualMoney(user.walletBalanceCents) })}</Text>
          {user.credits.length === 0 ? (
            <Empty>{t('detail.noCredits')}</Empty>
          ) : (
            <List size="sm">
              {user.credits.map((c) => (
                <List.Item key={c.harvestYear}>
                  {t('detail.credits', { year: c.harvestYear, count: c.total })}
                </List.Item>
              ))}
            </List>
          )}
        </Section>
        <Section title={t('detail.tasks')}>
          {user.tasks.length === 0 ? (
            <Empty>{t('detail.noTasks')}</Empty>
          ) : (
            <List size="sm">
              {user.tasks.map((task) => (
                <List.Item key={task.id}>
                  {formatDate(task.startsAt)} · {task.title} <ChoreStatusBadge status={task.status} />
                </List.Item>
              ))}
            </List>
          )}
        </Section>
        <Section title={t('detail.transactions')}>
          {user.transactions.length === 0 ? (
            <Empty>{t('detail.noTransactions')}</Empty>
          ) : (
            <List size="sm">
              {user.transactions.map((tx) => (
                <List.Item key={tx.id}>
                  {tx.description} · {formatEuros(tx.amountCents)}{' '}
                  <TransactionStatusBadge state={transactionState(tx, today())} />
                </List.Item>
              ))}
            </List>
          )}
          {transactionsHref && (
            <Text component={Link} to={transactionsHref} size="sm" c="var(--mantine-primary-color-filled)">
              {t('detail.allTransactions')}
            </Text>
          )}
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
