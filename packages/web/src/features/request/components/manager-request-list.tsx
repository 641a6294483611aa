import { Anchor, Button, Card, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconHeartHandshake, IconLock, IconSearch, IconTrash } from '@tabler/icons-react';
import { requestLimits, type RequestDetail } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { RequestStatusBadge, useRequestStatusLabel } from '../../../components/status/status-badges';
import { MutationConfirmDialog } from '../../../components/mutation-confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatDate, formatMoment } from '../../../lib/dates';
import { feedItems } from '../../../lib/feed-pages';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { formatVirtualMoney } from '../../../lib/virtual-money';
import {
  useManagerCloseRequest,
  useManagerDeleteRequest,
  useManagerRequests,
  type ManagerRequestFilters,
} from '../api/manager-requests';

/** A card's title beside its state badge: they share a line, and the badge drops below once text is made larger. */
const headerText = { flex: '1 1 10rem', minWidth: 0 } as const;

const statuses = [
  'all',
  'open',
  'taken',
  'completed',
  'closed',
] as const satisfies readonly ManagerRequestFilters['status'][];

type Moderation = { kind: 'close' | 'delete'; request: RequestDetail };

function ManagerRequestCard({
  request,
  onModerate,
}: {
  request: RequestDetail;
  onModerate: (moderation: Moderation) => void;
}) {
  const { t } = useTranslation('requestManager');
  const requester = `${request.requester.firstName} ${request.requester.lastName}`;
  const taker = request.takenBy ? `${request.takenBy.firstName} ${request.takenBy.lastName}` : null;
  const canClose = request.status === 'open' || request.status === 'taken';
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Anchor
            style={headerText}
            component={Link}
            to={paths.request.getHref(request.id)}
            fw={600}
            c="inherit"
            className="pluk-wrap"
          >
            {request.title}
          </Anchor>
          <RequestStatusBadge status={request.status} />
        </Group>
        {request.description && (
          <Text size="sm" lineClamp={3} className="pluk-wrap" style={{ whiteSpace: 'pre-wrap' }}>
            {request.description}
          </Text>
        )}
        <Text size="sm" className="pluk-wrap">
          {t('list.requester', { name: requester, date: formatDate(request.createdAt) })}
        </Text>
        <Text size="sm" className="pluk-wrap">
          {taker ? t('list.taker', { name: taker }) : t('list.noTaker')}
        </Text>
        <Group gap="md">
          <Text size="sm" fw={500}>
            {request.rewardCents > 0
              ? t('list.reward', { amount: formatVirtualMoney(request.rewardCents) })
              : t('list.noReward')}
          </Text>
          {request.neededBy && (
            <Text size="sm" c={request.hasEnded ? 'red' : 'dimmed'}>
              {t('list.neededBy', { date: formatMoment(request.neededBy) })}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {canClose && (
            <Button
              size="sm"
              variant="light"
              color="gray"
              leftSection={<IconLock size={16} aria-hidden />}
              aria-label={t('list.closeOf', { title: request.title })}
              onClick={() => onModerate({ kind: 'close', request })}
            >
              {t('list.close')}
            </Button>
          )}
          <Button
            size="sm"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={t('list.deleteOf', { title: request.title })}
            onClick={() => onModerate({ kind: 'delete', request })}
          >
            {t('list.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The close and delete dialogs of the list, one at a time for the request the manager chose. */
function ModerationDialogs({ moderation, onDone }: { moderation: Moderation | null; onDone: () => void }) {
  const { t } = useTranslation('requestManager');
  const close = useManagerCloseRequest();
  const remove = useManagerDeleteRequest();
  const [shown, setShown] = useState<Moderation | null>(null);
  // Keep the last request in the dialog while it animates closed.
  const current = moderation ?? shown;
  if (moderation && moderation !== shown) setShown(moderation);
  const dismiss = () => {
    close.reset();
    remove.reset();
    onDone();
  };
  return (
    <>
      <MutationConfirmDialog
        opened={moderation?.kind === 'close'}
        onClose={dismiss}
        title={t('list.closeTitle')}
        text={t('list.closeText', { title: current?.request.title ?? '' })}
        confirmLabel={t('list.closeYes')}
        color="red"
        mutation={close}
        variables={current ? current.request.id : null}
        success={t('list.closed')}
      />
      <MutationConfirmDialog
        opened={moderation?.kind === 'delete'}
        onClose={dismiss}
        title={t('list.deleteTitle')}
        text={t(current?.request.status === 'completed' ? 'list.deleteTextCompleted' : 'list.deleteText', {
          title: current?.request.title ?? '',
        })}
        confirmLabel={t('list.deleteYes')}
        color="red"
        mutation={remove}
        variables={current ? current.request.id : null}
        success={t('list.deleted')}
      />
    </>
  );
}

/** Every request of the farm for the RequestManager: status filter, search, "Meer laden", close and delete. */
export function ManagerRequestList() {
  const { t } = useTranslation('requestManager');
  // The filters live in the address (?q=&status=), so coming back from a request keeps them.
  const { params, search, setSearch, debouncedSearch, setFilter } = useUrlFilters();
  const status = oneOf(params.get('status'), statuses);
  const statusLabel = useRequestStatusLabel();
  const [moderation, setModeration] = useState<Moderation | null>(null);
  const filtered = debouncedSearch !== '' || status !== 'all';
  const query = useManagerRequests({ search: debouncedSearch, status });
  const items = feedItems(query.data, (item) => item.id);
  return (
    <Stack gap="md">
      <Stack gap="xs" role="search" aria-label={t('filters.label')}>
        <TextInput
          type="search"
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={requestLimits.searchMax}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <NativeSelect
          label={t('filters.status')}
          value={status}
          onChange={(event) => setFilter('status', event.currentTarget.value)}
          data={statuses.map((value) => ({
            value,
            label: value === 'all' ? t('filters.all') : statusLabel(value),
          }))}
        />
      </Stack>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState icon={IconSearch} title={t('list.noMatchTitle')} text={t('list.noMatchText')} />
        ) : (
          <EmptyState icon={IconHeartHandshake} title={t('list.emptyTitle')} text={t('list.emptyText')} />
        )
      ) : (
        <Stack gap="sm">
          {items.map((request) => (
            <ManagerRequestCard key={request.id} request={request} onModerate={setModeration} />
          ))}
          <LoadMore query={query} shown={items.length} />
        </Stack>
      )}
      <ModerationDialogs moderation={moderation} onDone={() => setModeration(null)} />
    </Stack>
  );
}
