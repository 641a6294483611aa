import type { FastifyRequest } from 'fastify';
import { avatarLimits } from '@pluk/contract';
import { HttpError } from '../../lib/http-error.js';
import { assertImageDimensions, detectImageType, type ImageMime } from '../../lib/image-type.js';
import { readingMultipart } from '../../lib/multipart-errors.js';

/**
 * Reads the multipart field `file`: at most 5 MB (413 FILE_TOO_LARGE) and a JPEG, PNG, WebP or GIF
 * judged by its first bytes, not by the browser's claim (415 FILE_TYPE_NOT_ALLOWED), of at most 8,000
 * pixels a side and 40 megapixels by its header (400).
 */
export async function readAvatarUpload(request: FastifyRequest): Promise<{ data: Buffer; mime: ImageMime }> {
  const data = await readingMultipart(request, async () => {
    const part = await request.file({ limits: { fileSize: avatarLimits.maxBytes, files: 1, fields: 5 } });
    if (!part || part.fieldname !== 'file') {
      throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
        file: 'Kies een afbeelding om op te laden.',
      });
    }
    return part.toBuffer();
  });
  if (data.length === 0) {
    throw new HttpError(400, 'VALIDATION_ERROR', undefined, { file: 'Het bestand is leeg.' });
  }
  const mime = detectImageType(data);
  if (!mime || !(avatarLimits.mimeTypes as readonly string[]).includes(mime)) {
    throw new HttpError(415, 'FILE_TYPE_NOT_ALLOWED');
  }
  assertImageDimensions(data, 'file');
  return { data, mime };
}
