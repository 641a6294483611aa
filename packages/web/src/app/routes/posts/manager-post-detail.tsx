import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useManagedPost } from '../../../features/post/api/posts';
import { DeletePostButton, SendPostEmailButton } from '../../../features/post/components/post-actions';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../paths';
import { PostContent } from './post-content';

/** /applicationManager/posts/:id — preview, send by e-mail, edit, delete. */
export function ManagerPostDetailRoute() {
  const { t } = useTranslation('posts');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useManagedPost(id, { enabled: valid });
  if (!valid) return <ErrorState error={new Error('not found')} />;
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const post = query.data;
  return (
    <Stack gap="lg">
      <Group gap="sm" wrap="wrap">
        <Button
          component={Link}
          to={paths.manager.posts.edit.getHref(post.id)}
          variant="light"
          size="md"
          leftSection={<IconPencil size={18} aria-hidden />}
        >
          {t('manager.edit')}
        </Button>
        <DeletePostButton post={post} onDeleted={() => void navigate(paths.manager.posts.list.getHref())} />
      </Group>
      <Stack gap="xs">
        <SendPostEmailButton post={post} />
      </Stack>
      {!post.isActive && (
        <Alert color="gray" role="note">
          {t('manager.inactiveNotice')}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="md">
          <div>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title order={2} className="pluk-wrap">
                {post.title}
              </Title>
              <Badge color={post.isActive ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                {post.isActive ? t('manager.active') : t('manager.inactive')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('detail.publishedOn', { date: formatDate(post.publishedAt) })}
            </Text>
          </div>
          <PostContent post={post} />
        </Stack>
      </Card>
    </Stack>
  );
}
