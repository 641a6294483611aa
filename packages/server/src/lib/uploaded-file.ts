import type { FastifyRequest } from 'fastify';
import { hasControlCharacter } from './control-characters.js';
import { HttpError } from './http-error.js';
import { readingMultipart } from './multipart-errors.js';

export interface UploadedFile {
  data: Buffer;
  /** As the browser named it: not cleaned, so clean it before it is stored or shown. */
  fileName: string;
}

export interface UploadRules {
  /** The most bytes the file may have. */
  maxBytes: number;
  /** The 413 for a file over `maxBytes`, in the form's own words (what to do instead). */
  tooLarge: () => HttpError;
  /** What the form asks for, "Kies een …-bestand.": the 400 when no file came. */
  chooseFile: string;
  /** The 400 for a file without bytes; without it, the same as no file. */
  empty?: (file: UploadedFile) => HttpError;
}

/**
 * Reads the one file of an upload form (field `file`) into memory, at most `rules.maxBytes`: a body that
 * is no multipart answers 415/400 (multipart-errors.ts), a file too large 413, a file in another field or
 * a second file 400, no file or an empty one 400. Shared by the crop import and the bank statement import.
 */
export async function readUploadedFile(request: FastifyRequest, rules: UploadRules): Promise<UploadedFile> {
  return readingMultipart(request, async () => {
    let file: UploadedFile | undefined;
    const parts = request.parts({
      limits: { files: 1, fileSize: rules.maxBytes, fields: 10, fieldSize: 1024, parts: 11 },
    });
    try {
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (part.file.truncated) throw rules.tooLarge();
        if (part.fieldname !== 'file') {
          throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
            [hasControlCharacter(part.fieldname) ? '_' : part.fieldname]: 'Hier wordt geen bestand verwacht.',
          });
        }
        file = { data, fileName: part.filename ?? '' };
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
      if (code === 'FST_FILES_LIMIT') {
        throw new HttpError(400, 'VALIDATION_ERROR', 'Kies één bestand.', { file: 'Kies één bestand.' });
      }
      throw error;
    }
    const noFile = () => new HttpError(400, 'VALIDATION_ERROR', rules.chooseFile, { file: rules.chooseFile });
    if (!file) throw noFile();
    if (file.data.length === 0) throw rules.empty ? rules.empty(file) : noFile();
    return file;
  });
}
