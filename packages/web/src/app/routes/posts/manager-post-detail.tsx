import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { AttachmentButton } from '../../../features/media/components/attachment-button';
import { MediaImage } from '../../../features/media/components/media-image';
import { useManagedPost } from '../../../features/post/api/posts';
import { DeletePostButton, SendPostEmailButton } from '../../../features/post/components/post-actions';
import { PostBody } from '../../../features/post/components/post-body';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../paths';

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
          {post.images.length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {post.images.map((image, index) => (
                <MediaImage
                  key={image.id}
                  id={image.id}
                  alt={t('detail.imageAlt', { index: index + 1, title: post.title })}
                />
              ))}
            </SimpleGrid>
          )}
          <PostBody html={post.body} />
          {post.attachments.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h4">
                {t('detail.attachments')}
              </Title>
              {post.attachments.map((a) => (
                <AttachmentButton key={a.id} id={a.id} fileName={a.fileName} size={a.size} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
