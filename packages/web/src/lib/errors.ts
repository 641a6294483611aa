import type { ErrorCode } from '@pluk/contract';

/**
 * Codes the web app adds: no response at all, a change refused because the browser is offline (never
 * sent, decision 102), or an answer it could not read.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'OFFLINE' | 'UNKNOWN_ERROR';

/** Every failed API call surfaces as this: status 0 means no response reached us. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  readonly fields: Record<string, string>;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    fields?: Record<string, string>;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }

  /** True when the call failed without a server response (offline, server down, DNS). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** True when a change was not sent at all: the browser was offline (decision 102). */
  get isOffline(): boolean {
    return this.code === 'OFFLINE';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * An error code as the API writes them. The contract's list of codes and their Dutch default messages
 * stay out of the first load (decision 088's budget): Pluk's own answers always carry their message.
 */
function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && /^[A-Z][A-Z0-9_]*$/.test(value);
}

/**
 * The one answer that arrives without Pluk's message: a proxy's own 413 page (ADR 095). The same text
 * as the contract's default for `PAYLOAD_TOO_LARGE` (a test holds them together).
 */
export const payloadTooLargeMessage = 'De gegevens zijn te groot.';

/**
 * A change asked while the browser is offline: refused before it is sent, never kept to send later
 * (decision 102). `common.json`'s `errors.offline` says the same (a test holds them together).
 */
export const offlineMessage =
  'Je bent offline: dit is niet verstuurd en niet bewaard. Probeer het opnieuw als je weer verbinding hebt.';

/** The error of a change refused offline. */
export function offlineError(): ApiError {
  return new ApiError({ status: 0, code: 'OFFLINE', message: offlineMessage });
}

/** Builds the ApiError of a non-2xx response from its `{ error: { code, message, fields } }` body. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const error = (typeof record.error === 'object' && record.error !== null ? record.error : {}) as Record<
    string,
    unknown
  >;
  // A 413 from a proxy in front of Pluk (an HTML page, no code) still says 'te groot' (ADR 095).
  const code = isErrorCode(error.code)
    ? error.code
    : isErrorCode(record.code)
      ? record.code
      : status === 413
        ? 'PAYLOAD_TOO_LARGE'
        : 'UNKNOWN_ERROR';
  const message =
    typeof error.message === 'string' && error.message.length > 0
      ? error.message
      : code === 'PAYLOAD_TOO_LARGE'
        ? payloadTooLargeMessage
        : '';
  const fields =
    typeof error.fields === 'object' && error.fields !== null
      ? Object.fromEntries(
          Object.entries(error.fields as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        )
      : undefined;
  return new ApiError({ status, code, message, fields });
}
