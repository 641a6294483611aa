import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MediaImage } from '../../media/components/media-image';

/** The offer's photos: the cover large, the others in a grid; each named "<title> foto n". */
export function OfferPhotos({ title, photoIds }: { title: string; photoIds: number[] }) {
  const { t } = useTranslation('market');
  const [cover, ...rest] = photoIds;
  if (cover === undefined) return null;
  return (
    <Stack gap="xs">
      <MediaImage id={cover} alt={t('card.photo', { title, number: 1 })} height={240} />
      {rest.length > 0 && (
        <SimpleGrid cols={3} spacing="xs">
          {rest.map((id, index) => (
            <MediaImage key={id} id={id} alt={t('card.photo', { title, number: index + 2 })} height={96} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
