import { Center, Image, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhotoPlaceholder } from '../../../components/photo-placeholder';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useMediaObjectUrl } from '../api/media-file';

/**
 * An uploaded image, loaded with the member's token once it is near the screen; a skeleton while
 * loading. When the file cannot be fetched (a 404) or the browser cannot show it, never the browser's
 * broken-image icon (decision 089): the designed placeholder of `placeholderName` (the initial of the
 * crop or offer it shows), else "Foto niet beschikbaar".
 */
export function MediaImage({
  id,
  alt,
  height = 240,
  placeholderName,
}: {
  id: number;
  alt: string;
  height?: number;
  placeholderName?: string;
}) {
  const { t } = useTranslation('media');
  const [placeholder, near] = useNearViewport<HTMLDivElement>();
  const { url, isError } = useMediaObjectUrl(id, near);
  const [unreadable, setUnreadable] = useState<string>();
  if (isError || (url !== undefined && unreadable === url)) {
    if (placeholderName !== undefined) return <PhotoPlaceholder name={placeholderName} height={height} />;
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
  return <Image src={url} alt={alt} h={height} fit="cover" radius="md" onError={() => setUnreadable(url)} />;
}
