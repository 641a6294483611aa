import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHeartHandshake, IconPlus, IconSearch } from '@tabler/icons-react';
import { requestLimits } from '@pluk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadMore } from '../../../components/load-more';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { feedItems } from '../../../lib/feed-pages';
import { useRequests } from '../api/get-requests';
import { RequestCard } from './request-card';

function Results({ search, hrefOf }: { search: string; hrefOf: (id: number) => string }) {
  const { t } = useTranslation('requests');
  const query = useRequests(search);
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const requests = feedItems(query.data, (request) => request.id);
  if (requests.length === 0) {
    return search ? (
      <EmptyState
        icon={IconSearch}
        color="gray"
        title={t('list.noResultsTitle')}
        text={t('list.noResultsText')}
      />
    ) : (
      <EmptyState icon={IconHeartHandshake} title={t('list.emptyTitle')} text={t('list.emptyText')} />
    );
  }
  return (
    <Stack gap="sm">
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} to={hrefOf(request.id)} />
      ))}
      <LoadMore query={query} shown={requests.length} />
    </Stack>
  );
}

/** Open and taken requests, newest first, with a search and the way to ask something new. */
export function RequestList({ hrefOf, newHref }: { hrefOf: (id: number) => string; newHref: string }) {
  const { t } = useTranslation('requests');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button component={Link} to={newHref} leftSection={<IconPlus size={18} aria-hidden />} size="md">
          {t('list.new')}
        </Button>
      </Group>
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        autoComplete="off"
        maxLength={requestLimits.searchMax}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <Results search={debounced} hrefOf={hrefOf} />
    </Stack>
  );
}
