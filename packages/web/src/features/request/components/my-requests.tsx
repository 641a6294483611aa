import { Button, Stack, Tabs } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import type { RequestSummary } from '@pluk/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ListSkeleton } from '../../../components/list-skeleton';
import { ErrorState } from '../../../components/query-state';
import { useMyRequests } from '../api/get-requests';
import { RequestCard } from './request-card';

function Cards({
  requests,
  hrefOf,
  empty,
}: {
  requests: RequestSummary[];
  hrefOf: (id: number) => string;
  empty: { title: string; text: string; action: ReactNode };
}) {
  if (requests.length === 0) return <EmptyState icon={IconHeartHandshake} {...empty} />;
  return (
    <Stack gap="sm">
      {requests.map((request) => (
        <RequestCard key={request.id} request={request} to={hrefOf(request.id)} />
      ))}
    </Stack>
  );
}

/** What I asked and what I took, newest first (`GET user/requests`), in two tabs. */
export function MyRequests({
  hrefOf,
  requestsHref,
  newHref,
}: {
  hrefOf: (id: number) => string;
  requestsHref: string;
  newHref: string;
}) {
  const { t } = useTranslation('requests');
  const query = useMyRequests();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { asked, taken } = query.data;
  return (
    <Tabs defaultValue="asked">
      <Tabs.List grow>
        <Tabs.Tab value="asked">{t('mine.asked', { count: asked.length })}</Tabs.Tab>
        <Tabs.Tab value="taken">{t('mine.taken', { count: taken.length })}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="asked" pt="md">
        <Cards
          requests={asked}
          hrefOf={hrefOf}
          empty={{
            title: t('mine.askedEmptyTitle'),
            text: t('mine.askedEmptyText'),
            action: (
              <Button component={Link} to={newHref} variant="light">
                {t('list.new')}
              </Button>
            ),
          }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="taken" pt="md">
        <Cards
          requests={taken}
          hrefOf={hrefOf}
          empty={{
            title: t('mine.takenEmptyTitle'),
            text: t('mine.takenEmptyText'),
            action: (
              <Button component={Link} to={requestsHref} variant="light">
                {t('mine.toRequests')}
              </Button>
            ),
          }}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
