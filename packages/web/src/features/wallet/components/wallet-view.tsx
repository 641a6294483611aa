import { Alert, Anchor, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import type { Wallet, WalletEntry } from '@pluk/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { FormError } from '../../../components/form-error';
import { LoadMore } from '../../../components/load-more';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { feedItems } from '../../../lib/feed-pages';
import { useErrorText } from '../../../lib/form';
import { formatMovement, formatVirtualMoney } from '../../../lib/virtual-money';
import { useToggleTransactionable, useWalletWithEntries } from '../api/get-wallet';

export interface WalletLinks {
  offer: (id: number) => string;
  request: (id: number) => string;
}

/** The balance, big, with what is promised and what is left to spend. */
function Balance({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('balance.title')}
        </Text>
        <Text fz={32} fw={700} lh={1.2} className="pluk-wrap">
          {formatVirtualMoney(wallet.balanceCents)}
        </Text>
        <Group gap="lg" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('balance.reserved')}
            </Text>
            <Text fw={600}>{formatVirtualMoney(wallet.reservedCents)}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('balance.available')}
            </Text>
            <Text fw={600}>{formatVirtualMoney(wallet.availableCents)}</Text>
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">
          {t('balance.reservedHelp')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Whether I trade with virtual money, why not when I do not, and the switch where the farm allows it. */
function Trading({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText();
  const toggle = useToggleTransactionable();
  const helpId = useId();
  return (
    <Stack gap="xs">
      {wallet.isTransactionable ? (
        <Text>{t('trading.on')}</Text>
      ) : (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconInfoCircle aria-hidden />}
          title={t('trading.offTitle')}
        >
          <Stack gap={4}>
            <Text size="sm">{t('trading.offText')}</Text>
            <Text size="sm">
              {wallet.mayToggleTransactionable ? t('trading.offToggle') : t('trading.offAsk')}
            </Text>
          </Stack>
        </Alert>
      )}
      {wallet.mayToggleTransactionable && (
        <Switch
          size="md"
          label={t('trading.switch')}
          aria-describedby={helpId}
          checked={wallet.isTransactionable}
          disabled={toggle.isPending}
          onChange={() => {
            if (!toggle.isPending) toggle.mutate();
          }}
        />
      )}
      {wallet.mayToggleTransactionable && (
        <Text id={helpId} size="sm" c="dimmed">
          {t('trading.switchHelp')}
        </Text>
      )}
      {toggle.isError && <FormError>{errorText(toggle.error)}</FormError>}
    </Stack>
  );
}

function kindLabel(entry: WalletEntry): 'kind.purchase' | 'kind.sale' | 'kind.reward' | 'kind.donation' {
  if (entry.kind === 'purchase') return entry.direction === 'out' ? 'kind.purchase' : 'kind.sale';
  return entry.kind === 'reward' ? 'kind.reward' : 'kind.donation';
}

/** The theme's success and error text colours: readable (4.5:1) on white and the page background. */
const successColor = 'var(--pluk-color-success)';
const errorColor = 'var(--mantine-color-error)';

/** One movement: when, +/− amount, what kind, what for, who was on the other side, and a link to its subject. */
function EntryRow({ entry, links }: { entry: WalletEntry; links: WalletLinks }) {
  const { t } = useTranslation('wallet');
  const incoming = entry.direction === 'in';
  const DirectionIcon = incoming ? IconArrowDownLeft : IconArrowUpRight;
  const counterpart = entry.counterpart
    ? entry.counterpart.kind === 'bank'
      ? t('entries.bank')
      : entry.counterpart.name
    : t('entries.removedMember');
  const subject =
    entry.offerId !== null
      ? { to: links.offer(entry.offerId), label: t('entries.toOffer') }
      : entry.requestId !== null
        ? { to: links.request(entry.requestId), label: t('entries.toRequest') }
        : null;
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap={6} wrap="nowrap">
            <DirectionIcon
              size={18}
              aria-hidden
              color={incoming ? successColor : errorColor}
              style={{ flexShrink: 0 }}
            />
            <Text fw={600} className="pluk-wrap">
              {t(kindLabel(entry))}
            </Text>
          </Group>
          <Text
            fw={700}
            c={incoming ? successColor : errorColor}
            style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {formatMovement(entry.amountCents)}
          </Text>
        </Group>
        {entry.description && (
          <Text size="sm" className="pluk-wrap">
            {entry.description}
          </Text>
        )}
        <Text size="sm" c="dimmed" className="pluk-wrap">
          {incoming ? t('entries.from', { name: counterpart }) : t('entries.to', { name: counterpart })} ·{' '}
          {formatDate(entry.createdAt)}
        </Text>
        {subject && (
          <Anchor component={Link} to={subject.to} size="sm" style={{ alignSelf: 'flex-start' }}>
            {subject.label}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/** /wallet: my balance, reserved and available money, whether I trade, and my movements (newest first). */
export function WalletView({ links }: { links: WalletLinks }) {
  const { t } = useTranslation('wallet');
  const query = useWalletWithEntries();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const wallet = query.data.pages[0]?.wallet;
  if (!wallet) return <ErrorState error={null} onRetry={() => void query.refetch()} />;
  const entries = feedItems(query.data, (entry) => entry.id);
  return (
    <Stack gap="lg">
      <Balance wallet={wallet} />
      <Trading wallet={wallet} />
      <Stack gap="sm" component="section" aria-labelledby="wallet-entries-title">
        <Title order={2} size="h4" id="wallet-entries-title">
          {t('entries.title')}
        </Title>
        {entries.length === 0 ? (
          <EmptyState icon={IconReceipt} title={t('entries.emptyTitle')} text={t('entries.emptyText')} />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} links={links} />
            ))}
          </Stack>
        )}
        <LoadMore query={query} shown={entries.length} />
      </Stack>
    </Stack>
  );
}
