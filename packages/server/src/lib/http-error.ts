import { defaultErrorMessages, type ErrorCode } from '@pluk/contract';

/** An expected failure with its HTTP status and contract error code; the error handler shapes it. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string = defaultErrorMessages[code],
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, 'NOT_FOUND');
export const forbidden = () => new HttpError(403, 'FORBIDDEN');
export const unauthorized = () => new HttpError(401, 'UNAUTHORIZED');
