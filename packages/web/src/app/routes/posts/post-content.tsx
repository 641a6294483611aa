import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AttachmentButton } from '../../../features/media/components/attachment-button';
import { MediaImage } from '../../../features/media/components/media-image';
import { RichTextBody } from '../../../components/rich-text-body';

interface PostContentProps {
  post: {
    title: string;
    body: string;
    images: { id: number }[];
    attachments: { id: number; fileName: string; size: number }[];
  };
}

/**
 * A post's photos, text and downloadable attachments: what a member reads on /posts/:id and what the
 * PostManager previews on the manager detail. Composed here because it joins the post and media features.
 */
export function PostContent({ post }: PostContentProps) {
  const { t } = useTranslation('posts');
  return (
    <>
      {post.images.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: post.images.length > 1 ? 2 : 1 }} spacing="sm">
          {post.images.map((image, index) => (
            <MediaImage
              key={image.id}
              id={image.id}
              alt={t('detail.imageAlt', { index: index + 1, title: post.title })}
            />
          ))}
        </SimpleGrid>
      )}
      <RichTextBody html={post.body} />
      {post.attachments.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('detail.attachments')}
          </Title>
          {post.attachments.map((attachment) => (
            <AttachmentButton
              key={attachment.id}
              id={attachment.id}
              fileName={attachment.fileName}
              size={attachment.size}
            />
          ))}
        </Stack>
      )}
    </>
  );
}
