import type { FileRejection } from '@mantine/dropzone';
import { useEffect, useRef, useState } from 'react';

/** A photo picked in a Dropzone, not uploaded yet, with its preview (an object URL). */
export interface NewPhoto {
  key: string;
  file: File;
  previewUrl: string;
}

/** The feature's own words for what a Dropzone refuses. */
export interface NewPhotoTexts {
  tooMany: (max: number) => string;
  tooLarge: (fileName: string) => string;
  wrongType: (fileName: string) => string;
}

/**
 * New photos beside `kept` stored ones, at most `max` in all (an offer's and a crop's photos): what the
 * Dropzone takes beyond the room left is dropped with a message, refused files get one message each, and
 * every preview URL is released when its photo is removed, cleared or the form goes away.
 */
export function useNewPhotos({ kept, max, texts }: { kept: number; max: number; texts: NewPhotoTexts }) {
  const [photos, setPhotos] = useState<NewPhoto[]>([]);
  const [messages, setMessages] = useState<string[]>([]);

  const shown = useRef<NewPhoto[]>([]);
  shown.current = photos;
  useEffect(
    () => () => {
      for (const photo of shown.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  const total = kept + photos.length;
  const room = max - total;

  const add = (accepted: File[]) => {
    const taken = accepted.slice(0, Math.max(room, 0));
    setMessages(accepted.length > taken.length ? [texts.tooMany(max)] : []);
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
          ? texts.tooLarge(file.name)
          : errors.some((e) => e.code === 'too-many-files')
            ? texts.tooMany(max)
            : texts.wrongType(file.name),
      ),
    );
  const remove = (key: string) =>
    setPhotos((current) => {
      const gone = current.find((photo) => photo.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((photo) => photo.key !== key);
    });
  /** Forgets every new photo (after a save, or when the manager starts over). */
  const clear = () => {
    for (const photo of shown.current) URL.revokeObjectURL(photo.previewUrl);
    setPhotos([]);
    setMessages([]);
  };

  return { photos, messages, total, room, add, reject, remove, clear };
}
