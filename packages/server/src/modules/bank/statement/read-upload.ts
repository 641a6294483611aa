import type { FastifyRequest } from 'fastify';
import { bankLimits } from '@pluk/contract';
import { HttpError } from '../../../lib/http-error.js';
import { readingMultipart } from '../../../lib/multipart-errors.js';
import { hasControlCharacter } from '../../../plugins/input-guard.js';

export interface StatementUpload {
  data: Buffer;
  /** As the browser named it, made safe to store and show (see `cleanFileName`). */
  fileName: string;
}

const megabytes = bankLimits.statementMaxBytes / (1024 * 1024);
const chooseFile = 'Kies een CODA- of CAMT.053-bestand.';
const fileNameMax = 120;

/**
 * The name as people see it: without a client's folder path or control characters (it is stored, shown
 * and written into the transaction's audit), at most 120 characters; "bankbestand" when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, fileNameMax)
    .trim();
  return cleaned === '' ? 'bankbestand' : cleaned;
}

const tooLarge = () =>
  new HttpError(
    413,
    'FILE_TOO_LARGE',
    `Het bestand is groter dan ${megabytes} MB; download een afschrift over een kortere periode.`,
  );

/**
 * Reads the one file of the import form (field `file`), at most `bankLimits.statementMaxBytes`, the way the
 * crop import reads its spreadsheet: a body that is no multipart answers 415/400 (lib/multipart-errors.ts),
 * a file too large 413, no file 400.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  return readingMultipart(request, async () => {
    let file: StatementUpload | undefined;
    const parts = request.parts({
      limits: { files: 1, fileSize: bankLimits.statementMaxBytes, fields: 10, fieldSize: 1024, parts: 11 },
    });
    try {
      for await (const part of parts) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        if (part.fieldname !== 'file') {
          throw new HttpError(400, 'VALIDATION_ERROR', undefined, {
            [hasControlCharacter(part.fieldname) ? '_' : part.fieldname]: 'Hier wordt geen bestand verwacht.',
          });
        }
        file = { data, fileName: cleanFileName(part.filename ?? '') };
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      if (code === 'FST_FILES_LIMIT') {
        throw new HttpError(400, 'VALIDATION_ERROR', 'Kies één bestand.', { file: 'Kies één bestand.' });
      }
      throw error;
    }
    if (!file) throw new HttpError(400, 'VALIDATION_ERROR', chooseFile, { file: chooseFile });
    if (file.data.length === 0) {
      throw new HttpError(400, 'BANK_FILE_INVALID', `"${file.fileName}" is leeg. ${chooseFile}`);
    }
    return file;
  });
}
