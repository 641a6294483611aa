import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { harvestLimits, mediaLimits, type CropDetail } from '@pluk/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { NewFileCard, SavingProgress } from '../../../components/upload-parts';
import { useErrorText } from '../../../lib/form';
import { useNewPhotos } from '../../../lib/use-new-photos';
import { MediaImage } from '../../media/components/media-image';
import { useUpdateCropPhotos } from '../api/crops';
import { FileDropzone } from '../../../components/file-dropzone';

const megabyte = 1024 * 1024;
const dropzoneAccept = Object.fromEntries(mediaLimits.imageTypes.map((type) => [type, [] as string[]]));

/**
 * The crop's photos (`Crop/UpdateMedia`): remove some, add new ones (at most 6 in all), then save them
 * in one multipart request. The first photo is the cover the members see.
 */
export function CropPhotos({ crop }: { crop: CropDetail }) {
  const { t } = useTranslation('harvest');
  const errorText = useErrorText();
  const helpId = useId();
  const save = useUpdateCropPhotos();
  const [keep, setKeep] = useState<number[]>(crop.photoIds);
  const { photos, messages, total, room, add, reject, remove, clear } = useNewPhotos({
    kept: keep.length,
    max: harvestLimits.photosMax,
    texts: {
      tooMany: (count) => t('photos.tooMany', { count }),
      tooLarge: (name) => t('photos.tooLarge', { name }),
      wrongType: (name) => t('photos.wrongType', { name }),
    },
  });
  const changed = photos.length > 0 || keep.join(',') !== crop.photoIds.join(',');

  const submit = () =>
    save.mutate(
      { id: crop.id, keepPhotoIds: keep, photos: photos.map((photo) => photo.file) },
      {
        onSuccess: (saved) => {
          clear();
          setKeep(saved.photoIds);
          notifications.show({ color: 'brand', message: t('photos.saved') });
        },
      },
    );

  const photoName = (number: number) => t('photos.alt', { name: crop.name, number });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('photos.title')}
      </Title>
      {total > 0 ? (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {keep.map((id, index) => (
            <Card key={id} withBorder padding="xs" radius="md">
              <MediaImage id={id} alt={photoName(index + 1)} height={96} />
              <Group justify="space-between" mt={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {index === 0 ? t('photos.cover') : ''}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="xl"
                  aria-label={t('photos.remove', { name: photoName(index + 1) })}
                  disabled={save.isPending}
                  onClick={() => setKeep((ids) => ids.filter((other) => other !== id))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          ))}
          {photos.map((photo) => (
            <NewFileCard
              key={photo.key}
              file={photo.file}
              previewUrl={photo.previewUrl}
              newLabel={t('photos.new')}
              removeLabel={t('photos.remove', { name: photo.file.name })}
              onRemove={() => remove(photo.key)}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{t('photos.none')}</Text>
      )}
      {room > 0 && (
        <FileDropzone
          label={t('photos.dropzone')}
          helpId={helpId}
          idleIcon={IconPhoto}
          iconSize={28}
          minHeight={64}
          onDrop={add}
          onReject={reject}
          maxSize={mediaLimits.imageMaxBytes}
          maxFiles={room}
          accept={dropzoneAccept}
          multiple
          disabled={save.isPending}
        />
      )}
      <Text size="sm" c="dimmed" id={helpId}>
        {t('photos.help', { count: harvestLimits.photosMax, size: mediaLimits.imageMaxBytes / megabyte })}
      </Text>
      {messages.map((message) => (
        <Text key={message} c="red" size="sm" role="alert">
          {message}
        </Text>
      ))}
      {save.isError && <FormError>{errorText(save.error)}</FormError>}
      <SavingProgress pending={save.isPending} label={t('photos.uploading')} />
      {changed && (
        <Group>
          <Button loading={save.isPending} onClick={submit}>
            {t('photos.save')}
          </Button>
          <Button
            variant="default"
            disabled={save.isPending}
            onClick={() => {
              clear();
              setKeep(crop.photoIds);
            }}
          >
            {t('photos.undo')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
