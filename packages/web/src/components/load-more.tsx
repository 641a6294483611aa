import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button, Stack, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error';
import { feedTotal, feedTotalIsLowerBound, type FeedPage } from '../lib/feed-pages';
import { useErrorText } from '../lib/form';

type PagedQuery = Pick<
  UseInfiniteQueryResult<InfiniteData<FeedPage<unknown>>>,
  'data' | 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'
>;

/**
 * Below a paged list: "12 van 45" and a "Meer laden" button while rows are left. The count is announced
 * politely, so a screen reader hears the list grow; a failed load says why and the button retries.
 */
export function LoadMore({
  query,
  shown,
  total = feedTotal(query.data),
}: {
  /** The list's `useInfiniteQuery` result (pages of the contract's feed shape). */
  query: PagedQuery;
  /** How many rows the list shows now. */
  shown: number;
  /** Rows in all, when the list knows better than its newest page (a comment just added). */
  total?: number;
}) {
  const { t } = useTranslation();
  const hasMore = query.hasNextPage;
  const loading = query.isFetchingNextPage;
  const error = query.isFetchNextPageError ? query.error : null;
  const onLoad = () => void query.fetchNextPage();
  const errorText = useErrorText();
  const countId = useId();
  const moreThan = feedTotalIsLowerBound(query.data) && total > shown;
  if (!hasMore && total <= shown) return null;
  return (
    <Stack gap={6} align="center">
      <Text size="sm" c="dimmed" id={countId} aria-live="polite">
        {moreThan ? t('paging.shownMoreThan', { shown, total }) : t('paging.shown', { shown, total })}
      </Text>
      {hasMore && (
        <Button
          variant="light"
          leftSection={<IconChevronDown size={18} aria-hidden />}
          loading={loading}
          aria-describedby={countId}
          onClick={onLoad}
        >
          {t('paging.more')}
        </Button>
      )}
      {error ? <FormError>{errorText(error)}</FormError> : null}
    </Stack>
  );
}
