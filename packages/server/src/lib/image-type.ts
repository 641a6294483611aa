import { imageSize } from 'image-size';
import { HttpError } from './http-error.js';

/** The image types we accept, recognised by their first bytes, never by the client's claim. */
export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

export function detectImageType(bytes: Uint8Array): ImageMime | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  const ascii = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * The largest image we take (ADR 054): 8,000 pixels a side and 40 megapixels. Read from the header, so
 * a small file declaring a huge picture (a decompression bomb every member's browser would decode) is
 * refused before it is stored.
 */
export const imageDimensionLimits = { maxSide: 8_000, maxPixels: 40_000_000 } as const;

/** Width and height from an image's header; 400 when the header cannot be read or is over the limits. */
export function assertImageDimensions(
  data: Uint8Array,
  field: string,
  fileName = 'De afbeelding',
): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    size = {};
  }
  const { width, height } = size;
  if (!width || !height) {
    const message = `${fileName} kan niet gelezen worden: de afmetingen ontbreken of het bestand is beschadigd.`;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { [field]: message });
  }
  const { maxSide, maxPixels } = imageDimensionLimits;
  if (width > maxSide || height > maxSide || width * height > maxPixels) {
    const message =
      `${fileName} is te groot (${width} × ${height} pixels): hoogstens ${maxSide.toLocaleString('nl-BE')} ` +
      `pixels per zijde en ${maxPixels / 1_000_000} megapixels.`;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { [field]: message });
  }
  return { width, height };
}
