import { idParam, marketLimits, offerFieldsSchema } from '@pluk/contract';
import type { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import type { MultipartUpload, UploadedFile } from '../media/upload.js';

export type OfferFieldValues = z.output<typeof offerFieldsSchema>;

/** The offer form's file field: repeated `photos`. */
export const photoFields: ReadonlySet<string> = new Set(['photos']);

const first = (upload: MultipartUpload, name: string) => upload.fields.get(name)?.[0];

/** An empty text field is no value (so an empty price asks for a price, not silently 0). */
const blankToUndefined = (value: string | undefined) => (value?.trim() === '' ? undefined : value);

/** The offer's text fields, checked with the contract's schema; Dutch messages per field (400). */
export function offerFieldsOf(upload: MultipartUpload): OfferFieldValues {
  const availableUntil = blankToUndefined(first(upload, 'availableUntil'));
  const result = offerFieldsSchema.safeParse({
    title: first(upload, 'title'),
    description: first(upload, 'description'),
    priceCents: blankToUndefined(first(upload, 'priceCents')),
    quantity: blankToUndefined(first(upload, 'quantity')),
    unit: first(upload, 'unit'),
    pickupInfo: first(upload, 'pickupInfo'),
    availableUntil: availableUntil === undefined || availableUntil === 'null' ? null : availableUntil,
  });
  if (!result.success) {
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, fields);
  }
  return result.data;
}

/** The form's `id`, read with the contract's strict id schema. */
export function offerIdOf(upload: MultipartUpload): number {
  const raw = first(upload, 'id');
  if (raw === undefined)
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { id: 'Dit veld is verplicht.' });
  const result = idParam('id').safeParse(raw);
  if (!result.success) {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { id: result.error.issues[0]!.message });
  }
  return result.data;
}

/** `keepPhotoIds` as numbers; absent keeps every photo, one empty value keeps none (as posts do). */
export function keepPhotoIdsOf(upload: MultipartUpload): number[] | null {
  const values = upload.fields.get('keepPhotoIds');
  if (values === undefined) return null;
  const ids: number[] = [];
  for (const value of values.flatMap((v) => v.split(','))) {
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (!/^\d{1,9}$/.test(trimmed)) {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, { keepPhotoIds: "Ongeldige foto's." });
    }
    ids.push(Number(trimmed));
  }
  return ids;
}

export const tooManyPhotosMessage = `Voeg hoogstens ${marketLimits.photosMax} foto's toe.`;

export const tooManyPhotos = () =>
  new HttpError(400, 'VALIDATION_ERROR', tooManyPhotosMessage, { photos: tooManyPhotosMessage });

/** Only images (judged by their bytes), at most `photosMax` of them. */
export function assertPhotos(files: readonly UploadedFile[]): void {
  for (const file of files) {
    if (file.kind !== 'image') {
      throw new HttpError(
        415,
        'FILE_TYPE_NOT_ALLOWED',
        `"${file.fileName}" is geen foto: kies een JPEG-, PNG-, WebP- of GIF-afbeelding.`,
      );
    }
  }
  if (files.length > marketLimits.photosMax) throw tooManyPhotos();
}
