import type { FastifyRequest } from 'fastify';
import { bankLimits } from '@pluk/contract';
import { HttpError } from '../../../lib/http-error.js';
import { readUploadedFile } from '../../../lib/uploaded-file.js';

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

/**
 * Reads the one file of the import form (field `file`), at most `bankLimits.statementMaxBytes`, as the
 * crop import reads its spreadsheet (lib/uploaded-file.ts): its name cleaned, an empty file refused as
 * not a bank file.
 */
export async function readStatementUpload(request: FastifyRequest): Promise<StatementUpload> {
  const file = await readUploadedFile(request, {
    maxBytes: bankLimits.statementMaxBytes,
    tooLarge: () =>
      new HttpError(
        413,
        'FILE_TOO_LARGE',
        `Het bestand is groter dan ${megabytes} MB; download een afschrift over een kortere periode.`,
      ),
    chooseFile,
    empty: ({ fileName }) =>
      new HttpError(400, 'BANK_FILE_INVALID', `"${cleanFileName(fileName)}" is leeg. ${chooseFile}`),
  });
  return { data: file.data, fileName: cleanFileName(file.fileName) };
}
