import { Badge, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconSearch } from '@tabler/icons-react';
import type { ManagedUser, PagedUsers } from '@pluk/contract';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useErrorText } from '../../../lib/form';
import { invalidateSubscriptionQueries } from '../api/keys';
import {
  addUserToSubscription,
  useManagedSubscription,
  useSubscriptionMembers,
} from '../api/manager-subscriptions';

/** How many users the picker shows at once; a search narrows the rest. */
export const assignRowsPerPage = 30;

interface Outcome {
  userId: number;
  name: string;
  /** null while its call runs. */
  ok: boolean | null;
  error?: unknown;
}

const fullName = (user: Pick<ManagedUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`;

function Results({ outcomes }: { outcomes: Outcome[] }) {
  const { t } = useTranslation('subscription');
  const errorText = useErrorText();
  return (
    <Stack gap="xs" component="ul" aria-live="polite" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {outcomes.map((outcome) => (
        <Card key={outcome.userId} withBorder radius="md" padding="sm" component="li">
          <Group justify="space-between" gap="xs">
            <Text fw={600} className="pluk-wrap">
              {outcome.name}
            </Text>
            {outcome.ok === null ? (
              <Badge color="gray" variant="light">
                {t('assign.busy')}
              </Badge>
            ) : outcome.ok ? (
              <Badge color="green" variant="light" leftSection={<IconCheck size={14} aria-hidden />}>
                {t('assign.added')}
              </Badge>
            ) : (
              <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
                {t('assign.failed')}
              </Badge>
            )}
          </Group>
          {outcome.ok === false && (
            <Text size="sm" c="red" className="pluk-wrap">
              {errorText(outcome.error)}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * `/applicationManager/subscription/assigntousers/{id}` (modal layout): pick many users, then one
 * `POST User/AddSubscription` per user, in turn, each with its own result. The users come from the
 * screen (the users feature's paged list), searched with `search`.
 */
export function AssignUsers({
  subscriptionId,
  users,
  search,
  onSearchChange,
  doneHref,
}: {
  subscriptionId: number;
  users: UseQueryResult<PagedUsers>;
  search: string;
  onSearchChange: (value: string) => void;
  doneHref: string;
}) {
  const { t } = useTranslation('subscription');
  const queryClient = useQueryClient();
  const subscription = useManagedSubscription(subscriptionId);
  const members = useSubscriptionMembers(subscriptionId);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const [running, setRunning] = useState(false);

  if (subscription.isPending) return <LoadingState />;
  if (subscription.isError)
    return <ErrorState error={subscription.error} onRetry={() => void subscription.refetch()} />;
  const has = new Set((members.data ?? []).map((member) => member.userId));

  const toggle = (user: ManagedUser, checked: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (checked) next.set(user.id, fullName(user));
      else next.delete(user.id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running || selected.size === 0) return;
    setRunning(true);
    const chosen = [...selected.entries()].map(([userId, name]) => ({ userId, name }));
    let results: Outcome[] = chosen.map((user) => ({ ...user, ok: null }));
    setOutcomes(results);
    // One call per user, one after the other: each answer is shown as it comes.
    for (const user of chosen) {
      let outcome: Outcome;
      try {
        await addUserToSubscription(user.userId, subscriptionId);
        outcome = { ...user, ok: true };
      } catch (error) {
        outcome = { ...user, ok: false, error };
      }
      results = results.map((row) => (row.userId === user.userId ? outcome : row));
      setOutcomes(results);
    }
    setSelected(new Map(results.filter((row) => !row.ok).map((row) => [row.userId, row.name])));
    setRunning(false);
    await invalidateSubscriptionQueries(queryClient);
  };

  const list = users.data?.items ?? [];
  return (
    <Stack gap="md">
      <Text className="pluk-wrap">
        {t('assign.intro', { name: subscription.data.name, year: subscription.data.harvestYear })}
      </Text>
      {outcomes && (
        <Stack gap="xs" component="section" aria-label={t('assign.resultsTitle')}>
          <Text fw={600}>{t('assign.resultsTitle')}</Text>
          <Results outcomes={outcomes} />
        </Stack>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('assign.search')}
            placeholder={t('assign.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            autoComplete="off"
            autoCapitalize="none"
            value={search}
            onChange={(event) => onSearchChange(event.currentTarget.value)}
          />
          {users.isPending ? (
            <LoadingState />
          ) : users.isError ? (
            <ErrorState error={users.error} onRetry={() => void users.refetch()} />
          ) : list.length === 0 ? (
            <Text c="dimmed">{t('assign.noUsers')}</Text>
          ) : (
            <Stack gap="xs">
              {list.map((user) => (
                <Card key={user.id} withBorder radius="md" padding="sm">
                  <Checkbox
                    checked={selected.has(user.id)}
                    disabled={running || has.has(user.id)}
                    onChange={(event) => toggle(user, event.currentTarget.checked)}
                    label={fullName(user)}
                    description={
                      has.has(user.id)
                        ? `${user.username} · ${t('assign.has')}`
                        : `${user.username} · ${user.email}`
                    }
                    classNames={{ label: 'pluk-wrap', description: 'pluk-wrap' }}
                  />
                </Card>
              ))}
              {users.data.total > list.length && (
                <Text size="sm" c="dimmed">
                  {t('assign.refine', { count: users.data.total })}
                </Text>
              )}
            </Stack>
          )}
          <Text size="sm" aria-live="polite">
            {t('assign.selected', { count: selected.size })}
          </Text>
          <Group gap="sm">
            <Button type="submit" size="md" loading={running} disabled={selected.size === 0}>
              {t('assign.submit', { count: selected.size })}
            </Button>
            <Button component={Link} to={doneHref} variant="light" size="md">
              {t('assign.done')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
