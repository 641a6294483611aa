import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ManagedUser } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportUsers } from '../../../features/bank/manager/api/export-transactions';
import { useSetPayed } from '../../../features/bank/manager/api/transaction-mutations';
import {
  addUserToSubscription,
  useRemoveUserFromSubscription,
} from '../../../features/subscription/api/manager-subscriptions';
import { invalidateSubscriptionQueries } from '../../../features/subscription/api/keys';
import { approveUser } from '../../../features/users/api/approve-user';
import { updateUser } from '../../../features/users/api/save-user';
import { sendWelcomeEmail } from '../../../features/users/api/user-mails';
import { BulkResults, useBulkRun } from '../../../components/bulk-results';
import { useSelection } from '../../../components/data-table';
import { UsersList } from '../../../features/users/components/users-list';
import { usersCsv } from '../../../features/users/users-csv';
import { useDonate } from '../../../features/wallet/api/manager-bank';
import { isApiError } from '../../../lib/errors';
import { parseEuros } from '../../../lib/euros';
import { downloadCsv } from '../../../lib/csv';
import { useSubscriptionChoices } from './subscription-choices';

export const multiActions = [
  'approve',
  'activate',
  'deactivate',
  'addSubscription',
  'removeSubscription',
  'donate',
  'welcome',
  'setPaid',
  'setNotPaid',
] as const;
export type MultiAction = (typeof multiActions)[number];

/**
 * /applicationManager/users/multiactions: select members in the users table, then run one action for
 * each of them (every action is its feature's own call, one per member) with a result per member.
 */
export function UsersMultiActionsRoute() {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const subscriptions = useSubscriptionChoices();
  const selection = useSelection<ManagedUser>();
  const bulk = useBulkRun();
  const donate = useDonate();
  const setPayed = useSetPayed();
  const exportAll = useExportUsers();
  const [action, setAction] = useState<MultiAction>('approve');
  const [subscriptionId, setSubscriptionId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const needsSubscription = action === 'addSubscription' || action === 'removeSubscription';
  const removeSubscription = useRemoveUserFromSubscription(Number(subscriptionId) || 0);

  const runFor =
    (cents: number | null, key: string) =>
    async (user: ManagedUser): Promise<string> => {
      switch (action) {
        case 'approve':
          await approveUser(user.id);
          return t('multi.done.approve');
        case 'activate':
        case 'deactivate':
          await updateUser({ id: user.id, isActive: action === 'activate' });
          return t(`multi.done.${action}`);
        case 'addSubscription':
          await addUserToSubscription(user.id, Number(subscriptionId));
          return t('multi.done.addSubscription');
        case 'removeSubscription':
          try {
            await removeSubscription.mutateAsync(user.id);
          } catch (error) {
            if (isApiError(error) && error.status === 404) return t('multi.done.hadNoSubscription');
            throw error;
          }
          return t('multi.done.removeSubscription');
        case 'donate':
          await donate.mutateAsync({
            userIds: [user.id],
            amountCents: cents ?? 0,
            reason,
            idempotencyKey: key,
          });
          return t('multi.done.donate');
        case 'welcome':
          return (await sendWelcomeEmail(user.id)).queued
            ? t('multi.done.welcome')
            : t('multi.done.welcomeAlready');
        case 'setPaid':
        case 'setNotPaid':
          await setPayed.mutateAsync({ userId: user.id, hasPaid: action === 'setPaid' });
          return t(`multi.done.${action}`);
      }
    };

  const start = () => {
    setFormError(null);
    if (selection.rows.length === 0) return setFormError(t('multi.nothingSelected'));
    if (needsSubscription && !subscriptionId) return setFormError(t('multi.chooseSubscription'));
    const cents = action === 'donate' ? parseEuros(amount) : null;
    if (action === 'donate' && (!cents || cents < 1)) return setFormError(t('multi.amountInvalid'));
    if (action === 'donate' && !reason.trim()) return setFormError(t('multi.reasonMissing'));
    const key = `users-multi-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
    void bulk
      .start(selection.rows, (user) => `${user.firstName} ${user.lastName}`, runFor(cents, key))
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: ['users'] });
        if (needsSubscription) await invalidateSubscriptionQueries(queryClient);
      });
  };

  const csvHeader = t('multi.csvHeader').split(';');
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('multi.actionTitle', { count: selection.rows.length })}
          </Title>
          <NativeSelect
            label={t('multi.action')}
            value={action}
            onChange={(event) => setAction(event.currentTarget.value as MultiAction)}
            data={multiActions.map((value) => ({ value, label: t(`multi.actions.${value}`) }))}
          />
          {needsSubscription && (
            <NativeSelect
              label={t('multi.subscription')}
              value={subscriptionId}
              onChange={(event) => setSubscriptionId(event.currentTarget.value)}
              data={[
                { value: '', label: t('multi.chooseSubscriptionOption') },
                ...subscriptions.map((s) => ({ value: String(s.id), label: `${s.name} (${s.harvestYear})` })),
              ]}
            />
          )}
          {action === 'donate' && (
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                label={t('multi.amount')}
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
                miw={140}
              />
              <TextInput
                label={t('multi.reason')}
                value={reason}
                onChange={(event) => setReason(event.currentTarget.value)}
                miw={200}
              />
            </Group>
          )}
          {formError && (
            <Text c="red" role="alert">
              {formError}
            </Text>
          )}
          <Group gap="xs">
            <Button
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
              loading={bulk.running}
              onClick={start}
            >
              {t('multi.run', { count: selection.rows.length })}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDownload size={18} aria-hidden />}
              disabled={selection.rows.length === 0}
              onClick={() => downloadCsv(t('list.exportFile'), usersCsv(selection.rows, csvHeader))}
            >
              {t('multi.exportSelection')}
            </Button>
            <Button
              variant="subtle"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={exportAll.isPending}
              onClick={() => exportAll.mutate()}
            >
              {t('multi.exportAll')}
            </Button>
            {selection.rows.length > 0 && (
              <Button variant="subtle" onClick={selection.clear}>
                {t('multi.clear')}
              </Button>
            )}
          </Group>
          <BulkResults
            results={bulk.results}
            total={bulk.total}
            running={bulk.running}
            label={t('multi.results')}
          />
        </Stack>
      </Card>
      <UsersList subscriptions={subscriptions} selection={selection} />
    </Stack>
  );
}
