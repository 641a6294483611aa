import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorMessages, type ErrorBody, type ErrorCode } from '@pluk/contract';
import { databaseErrorAnswer, databaseRetryAfterSeconds, describeDatabaseFailure } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

/** Fastify and plugin error codes that are the client's fault, with the contract code they become. */
const knownClientErrors: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_ERROR' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'FILE_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PROTO_VIOLATION: { status: 400, code: 'VALIDATION_ERROR' },
};

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function errorBody(code: ErrorCode, message?: string, fields?: Record<string, string>): ErrorBody {
  const body: ErrorBody = { error: { code, message: message ?? defaultErrorMessages[code] } };
  if (fields && Object.keys(fields).length > 0) body.error.fields = fields;
  // The start-up error (docs/product/api-and-routes.md, "Errors") is recognised by a top-level `code:
  // 'E001'`.
  if (code === 'E001') body.code = 'E001';
  return body;
}

/** Per-field messages keyed by dotted path (`address.city`); the first message per field wins. */
function validationFields(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').split('/').filter(Boolean).join('.') || '_';
    fields[key] ??= issue.message ?? defaultErrorMessages.VALIDATION_ERROR;
  }
  return fields;
}

function send(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * One error shape for every failure. Client mistakes keep their 4xx with a contract code; constraint
 * violations and concurrency failures of the database become a clear 4xx (ADR 050), a database that
 * cannot be reached or went away 503 with Retry-After (ADR 051); anything
 * else is logged in full and answered as a bare 500 INTERNAL_ERROR, so no internals leak.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.code === 'DATABASE_UNAVAILABLE') {
        reply.header('retry-after', String(databaseRetryAfterSeconds));
      } else if (error.statusCode >= 500 && error.code !== 'SHUTTING_DOWN') {
        // A stopping server's readiness 503 is what it should say, not a fault (decision 103).
        request.log.error({ err: error }, 'server error');
      }
      return send(reply, error.statusCode, errorBody(error.code, error.message, error.fields));
    }
    if ('validation' in error && Array.isArray(error.validation)) {
      const fields = validationFields(error.validation as ValidationIssue[]);
      return send(reply, 400, errorBody('VALIDATION_ERROR', undefined, fields));
    }
    const known = error.code ? knownClientErrors[error.code] : undefined;
    if (known) return send(reply, known.status, errorBody(known.code));
    const refused = databaseErrorAnswer(error);
    if (refused?.code === 'DATABASE_UNAVAILABLE') {
      // Expected while the database restarts: one warning line without a stack (ADR 051).
      request.log.warn(describeDatabaseFailure(error), 'database unavailable');
      reply.header('retry-after', String(databaseRetryAfterSeconds));
      return send(reply, refused.status, errorBody(refused.code));
    }
    if (refused) {
      request.log.warn({ err: error }, 'refused by the database');
      return send(reply, refused.status, errorBody(refused.code));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, errorBody(codeByStatus[status] ?? 'VALIDATION_ERROR'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, errorBody('INTERNAL_ERROR'));
  });
}
