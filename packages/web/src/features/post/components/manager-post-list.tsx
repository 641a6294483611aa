import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconNews, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ManagerList } from '../../../components/manager-list';
import { useManagedPosts } from '../api/posts';
import { formatDate } from '../../../lib/dates';

/** Every post of the farm for its PostManagers, newest first, with an active badge. */
export function ManagerPostList({
  newHref,
  detailHref,
}: {
  newHref: string;
  detailHref: (id: number) => string;
}) {
  const { t } = useTranslation('posts');
  const query = useManagedPosts();
  return (
    <ManagerList
      query={query}
      newHref={newHref}
      newLabel={t('manager.new')}
      empty={{ icon: IconNews, title: t('manager.emptyTitle'), text: t('manager.emptyText') }}
    >
      {(posts) => (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {posts.map((post) => (
            <li key={post.id}>
              <Card component={Link} to={detailHref(post.id)} withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} className="pluk-wrap">
                      {post.title}
                    </Text>
                    <Group gap="sm">
                      <Text size="sm" c="dimmed">
                        {formatDate(post.publishedAt)}
                      </Text>
                      {post.imageCount > 0 && (
                        <Group gap={4} aria-label={t('manager.images', { count: post.imageCount })}>
                          <IconPhoto size={16} aria-hidden />
                          <Text size="sm">{post.imageCount}</Text>
                        </Group>
                      )}
                      {post.attachmentCount > 0 && (
                        <Group gap={4} aria-label={t('manager.attachments', { count: post.attachmentCount })}>
                          <IconPaperclip size={16} aria-hidden />
                          <Text size="sm">{post.attachmentCount}</Text>
                        </Group>
                      )}
                    </Group>
                  </Stack>
                  <Badge color={post.isActive ? 'brand' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                    {post.isActive ? t('manager.active') : t('manager.inactive')}
                  </Badge>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </ManagerList>
  );
}
