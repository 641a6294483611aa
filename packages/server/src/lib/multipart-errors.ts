import type { FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export const noBoundaryMessage =
  'Het formulier kon niet gelezen worden: stuur het als multipart/form-data met een boundary.';
export const brokenMultipartMessage =
  'Het formulier kon niet gelezen worden: de gegevens zijn onvolledig of beschadigd. Probeer opnieuw.';

/**
 * The multipart parser (busboy) throws plain errors, without a status, for a body the client broke:
 * no or an unusable `boundary=` in the Content-Type, a part without its headers, a body that ends
 * before its closing boundary. Those become the client's 415 or 400 in the contract's shape (ADR 052);
 * every other error passes unchanged (Fastify's own multipart errors carry a code the error handler maps).
 */
export function multipartClientError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof HttpError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  // The body stream ended before the multipart parser saw its closing boundary.
  if (code === 'ERR_STREAM_PREMATURE_CLOSE')
    return new HttpError(400, 'VALIDATION_ERROR', brokenMultipartMessage);
  if (code !== undefined || statusCode !== undefined) return error;
  if (/boundary|needle/i.test(error.message))
    return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', noBoundaryMessage);
  if (/multipart|terminated early|unexpected end|malformed|part header/i.test(error.message))
    return new HttpError(400, 'VALIDATION_ERROR', brokenMultipartMessage);
  return error;
}

/** Refuses a multipart Content-Type without a usable `boundary=` (none, or empty) with 415. */
export function requireBoundary(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/;\s*boundary=(?:"[^"]+"|[^\s;"]+)/i.test(type)) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', noBoundaryMessage);
  }
}

/** Runs a multipart read, answering the parser's plain errors as the client's 4xx. */
export async function readingMultipart<T>(request: FastifyRequest, read: () => Promise<T>): Promise<T> {
  requireBoundary(request);
  try {
    return await read();
  } catch (error) {
    throw multipartClientError(error);
  }
}
