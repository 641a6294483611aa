import { Center, Image, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useMediaObjectUrl } from '../api/media-file';

/**
 * An uploaded image, loaded with the member's token once it is near the screen; a placeholder while
 * loading or on failure.
 */
export function MediaImage({ id, alt, height = 240 }: { id: number; alt: string; height?: number }) {
  const { t } = useTranslation('media');
  const [placeholder, near] = useNearViewport<HTMLDivElement>();
  const { url, isError } = useMediaObjectUrl(id, near);
  if (isError) {
    return (
      <Center
        h={height}
        bg="var(--mantine-color-gray-1)"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      >
        <IconPhotoOff size={28} aria-hidden />
        <Text size="sm" c="dimmed" ml="xs">
          {t('imageFailed')}
        </Text>
      </Center>
    );
  }
  if (!url)
    return <Skeleton ref={placeholder} h={height} radius="md" aria-label={t('imageLoading')} role="status" />;
  return <Image src={url} alt={alt} h={height} fit="cover" radius="md" />;
}
