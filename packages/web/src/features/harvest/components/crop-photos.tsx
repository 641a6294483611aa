import '@mantine/dropzone/styles.css';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { harvestLimits, mediaLimits, type CropDetail } from '@pluk/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form-error';
import { NewFileCard, SavingProgress } from '../../../components/upload-parts';
import { useErrorText } from '../../../lib/form';
import { MediaImage } from '../../media/components/media-image';
import { useUpdateCropPhotos } from '../api/crops';

const megabyte = 1024 * 1024;
const dropzoneAccept = Object.fromEntries(mediaLimits.imageTypes.map((type) => [type, [] as string[]]));

interface NewPhoto {
  key: string;
  file: File;
  previewUrl: string;
}

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
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const [messages, setMessages] = useState<string[]>([]);

  // Previews are object URLs: the ones still shown are released when the section goes away.
  const shown = useRef<NewPhoto[]>([]);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const total = keep.length + photos.length;
  const room = harvestLimits.photosMax - total;
  const changed = photos.length > 0 || keep.join(',') !== crop.photoIds.join(',');

  const add = (accepted: File[]) => {
    const taken = accepted.slice(0, Math.max(room, 0));
    setMessages(
      accepted.length > taken.length ? [t('photos.tooMany', { count: harvestLimits.photosMax })] : [],
    );
    setPhotos((current) => [
      ...current,
      ...taken.map((file) => ({
        key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
        file,
        previewUrl: URL.createObjectURL(file),
      })),
    ]);
  };
  const reject = (rejections: FileRejection[]) =>
    setMessages(
      rejections.map(({ file, errors }) =>
        errors.some((e) => e.code === 'file-too-large')
          ? t('photos.tooLarge', { name: file.name })
          : errors.some((e) => e.code === 'too-many-files')
            ? t('photos.tooMany', { count: harvestLimits.photosMax })
            : t('photos.wrongType', { name: file.name }),
      ),
    );
  const remove = (key: string) =>
    setPhotos((current) => {
      const gone = current.find((photo) => photo.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((photo) => photo.key !== key);
    });

  const submit = () =>
    save.mutate(
      { id: crop.id, keepPhotoIds: keep, photos: photos.map((photo) => photo.file) },
      {
        onSuccess: (saved) => {
          for (const photo of photos) URL.revokeObjectURL(photo.previewUrl);
          setPhotos([]);
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
        <Dropzone
          onDrop={add}
          onReject={reject}
          maxSize={mediaLimits.imageMaxBytes}
          maxFiles={room}
          accept={dropzoneAccept}
          multiple
          disabled={save.isPending}
          role="button"
          activateOnKeyboard
          aria-describedby={helpId}
          inputProps={{ hidden: true }}
        >
          <Group justify="center" gap="md" mih={64} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={28} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={28} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={28} aria-hidden />
            </Dropzone.Idle>
            <Text fw={500}>{t('photos.dropzone')}</Text>
          </Group>
        </Dropzone>
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
              for (const photo of photos) URL.revokeObjectURL(photo.previewUrl);
              setPhotos([]);
              setKeep(crop.photoIds);
              setMessages([]);
            }}
          >
            {t('photos.undo')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
