import { Divider, Stack, Text, Title } from '@mantine/core';
import { IconNewsOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { CommentSection } from '../../../features/comment/components/comment-section';
import { usePost } from '../../../features/post/api/posts';
import { formatDate } from '../../../lib/dates';
import { isApiError } from '../../../lib/errors';
import { PostContent } from './post-content';

/** /posts/:id — a post with its photos, downloadable attachments and comments. */
export function PostDetailRoute() {
  const { t } = useTranslation('posts');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePost(id, { enabled: valid });

  if (!valid || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return (
      <EmptyState
        icon={IconNewsOff}
        title={t('detail.notFoundTitle')}
        text={t('detail.notFoundText')}
        color="gray"
      />
    );
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const post = query.data;
  return (
    <Stack gap="lg">
      <article>
        <Stack gap="md">
          <div>
            <Title order={2} className="pluk-wrap">
              {post.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('detail.publishedOn', { date: formatDate(post.publishedAt) })}
            </Text>
          </div>
          <PostContent post={post} />
        </Stack>
      </article>
      <Divider />
      <CommentSection subjectType="post" subjectId={post.id} />
    </Stack>
  );
}
