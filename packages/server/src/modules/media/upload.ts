import type { FastifyRequest } from 'fastify';
import { mediaLimits, type MediaKind } from '@pluk/contract';
import { HttpError } from '../../lib/http-error.js';
import { assertImageDimensions, detectImageType } from '../../lib/image-type.js';
import { multipartClientError, requireBoundary } from '../../lib/multipart-errors.js';
import { controlCharacterMessage, hasControlCharacter } from '../../lib/control-characters.js';

/** An uploaded file, its type judged from its bytes. */
export interface UploadedFile {
  data: Buffer;
  fileName: string;
  mime: string;
  kind: MediaKind;
}

export interface MultipartUpload {
  files: UploadedFile[];
  /** Every text field, repeated ones in order. */
  fields: Map<string, string[]>;
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));
const officeTypes: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
/** Field names that carry files; `file` too for one-file clients. */
const fileFields = new Set(['files', 'file']);

/** The uploader's name, reduced to a safe single line without folders (kept only for display). */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u2028\u2029"<>]+/g, '')
    .trim();
  if (cleaned.length === 0) return 'bestand';
  // A long name is cut to 200 characters keeping its extension, and cut between whole characters
  // (decision 044): a plain `.slice(0, 200)` dropped the `.docx` a document is recognised by (so a
  // long-named Word file was refused) and could split an emoji into a broken half.
  const characters = Array.from(cleaned);
  if (characters.length <= 200) return cleaned;
  const extension = /\.[a-z0-9]{1,10}$/i.exec(cleaned)?.[0] ?? '';
  return `${characters
    .slice(0, 200 - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

/**
 * What a file is, by its first bytes: a JPEG, PNG, WebP or GIF image (10 MB at most), a PDF (`%PDF-`), or a
 * .docx/.xlsx (a zip under that extension) up to 20 MB. Anything else is refused with 415.
 */
export function classifyUpload(data: Buffer, fileName: string): UploadedFile {
  if (data.length === 0) {
    throw new HttpError(400, 'VALIDATION_ERROR', `"${fileName}" is leeg.`, {
      files: `"${fileName}" is leeg.`,
    });
  }
  const image = detectImageType(data);
  if (image) {
    if (data.length > mediaLimits.imageMaxBytes) {
      throw new HttpError(
        413,
        'FILE_TOO_LARGE',
        `"${fileName}" is te groot: een foto mag hoogstens ${megabytes(mediaLimits.imageMaxBytes)} MB zijn.`,
      );
    }
    assertImageDimensions(data, 'files', `"${fileName}"`);
    return { data, fileName, mime: image, kind: 'image' };
  }
  let mime: string | undefined;
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') mime = 'application/pdf';
  else if (data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
    mime = officeTypes[extension];
  }
  if (!mime) {
    throw new HttpError(
      415,
      'FILE_TYPE_NOT_ALLOWED',
      `"${fileName}" kan niet opgeladen worden: kies een foto (JPEG, PNG, WebP of GIF), een PDF of een Word- of Excel-bestand.`,
    );
  }
  if (data.length > mediaLimits.documentMaxBytes) {
    throw new HttpError(
      413,
      'FILE_TOO_LARGE',
      `"${fileName}" is te groot: een document mag hoogstens ${megabytes(mediaLimits.documentMaxBytes)} MB zijn.`,
    );
  }
  return { data, fileName, mime, kind: 'document' };
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: string }).code : undefined;
}

/**
 * Reads a whole multipart request: up to 10 files (fields `files`/`file`, or `options.fileFields`) and the text fields. The
 * per-request limits replace the server-wide one-file default. Errors are Dutch 4xx answers: a body
 * the parser cannot read is 400/415 (`multipartClientError`), a control character in a text field 400.
 */
export async function readMultipartUpload(
  request: FastifyRequest,
  options: {
    fileFields?: ReadonlySet<string>;
    /** At most this many files (default `mediaLimits.maxFiles`), and the refusal of one more. */
    maxFiles?: number;
    tooManyFiles?: () => HttpError;
  } = {},
): Promise<MultipartUpload> {
  const acceptsFiles = options.fileFields ?? fileFields;
  const maxFiles = options.maxFiles ?? mediaLimits.maxFiles;
  const files: UploadedFile[] = [];
  const fields = new Map<string, string[]>();
  requireBoundary(request);
  try {
    const parts = request.parts({
      limits: {
        files: maxFiles,
        fileSize: mediaLimits.documentMaxBytes,
        fields: 100,
        fieldSize: 512 * 1024,
        parts: maxFiles + 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const fileName = cleanFileName(part.filename);
        if (!acceptsFiles.has(part.fieldname)) {
          await part.toBuffer();
          throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
            [part.fieldname]: 'Hier wordt geen bestand verwacht.',
          });
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(
              413,
              'FILE_TOO_LARGE',
              `"${fileName}" is te groot: een bestand mag hoogstens ${megabytes(mediaLimits.documentMaxBytes)} MB zijn.`,
            );
          }
          throw error;
        }
        files.push(classifyUpload(data, fileName));
      } else {
        if (part.valueTruncated) {
          throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'De tekst is te lang.', {
            [part.fieldname]: 'De tekst is te lang.',
          });
        }
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // The input guard sees no multipart fields: the same refusal of NUL and control characters here.
        if (hasControlCharacter(value) || hasControlCharacter(part.fieldname)) {
          throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
            [hasControlCharacter(part.fieldname) ? '_' : part.fieldname]: controlCharacterMessage,
          });
        }
        const list = fields.get(part.fieldname) ?? [];
        list.push(value);
        fields.set(part.fieldname, list);
      }
    }
  } catch (error) {
    if (errorCode(error) === 'FST_FILES_LIMIT') {
      if (options.tooManyFiles) throw options.tooManyFiles();
      throw new HttpError(
        413,
        'PAYLOAD_TOO_LARGE',
        `Je kan hoogstens ${mediaLimits.maxFiles} bestanden tegelijk opladen.`,
      );
    }
    throw multipartClientError(error);
  }
  return { files, fields };
}
