import type { FastifyRequest } from 'fastify';

/** What the log shows instead of a secret. */
export const redacted = '[verborgen]';

/**
 * The one redaction list of the server's log (decision 054). Paths are pino's: any logged object's
 * headers, bodies and fields with these names lose their value, wherever they are nested one or two
 * levels deep (`req.headers.authorization`, `body.password`, `err.params`, …).
 */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-impersonate"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.refreshToken',
  '*.resetLink',
  // A farm's Mollie API key (saving it: `body.apiKey`); the log shows none of it, not even masked.
  '*.apiKey',
  '*.email',
  '*.to',
  '*.*.password',
  '*.*.token',
  '*.*.refreshToken',
  '*.*.apiKey',
  '*.*.email',
];

/**
 * URL pieces that are secrets or personal data: the token (and user id) of a reset link, the name or
 * e-mail address of a reset request, any path segment with an `@`, and secret query parameters.
 */
const urlRules: [RegExp, string][] = [
  [/(\/passwordReset\/)[^/?#]*(?:\/[^/?#]*)?/gi, `$1${redacted}`],
  [/(\/requestReset\/)[^/?#]*/gi, `$1${redacted}`],
  // A calendar feed's address is its secret (decision 100).
  [/(\/api\/calendar\/)[^/?#]*/gi, `$1${redacted}`],
  [/(\/)[^/?#]*(?:@|%40)[^/?#]*/gi, `$1${redacted}`],
  [/([?&](?:token|refreshToken|password|email|access_token)=)[^&#]*/gi, `$1${redacted}`],
];

/** The URL as it may be logged. */
export function redactUrl(url: string): string {
  return urlRules.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), url);
}

/** Pino options for Fastify's logger: the level, the redaction list and a request line without secrets. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: redactedLogPaths, censor: redacted },
    serializers: {
      req: (logged: object): Record<string, unknown> => {
        const request = logged as FastifyRequest;
        // Fastify's request: its line, without the query's and path's secrets.
        if ('raw' in request && 'routeOptions' in request) {
          return {
            method: request.method,
            url: redactUrl(request.url),
            host: request.host,
            remoteAddress: request.ip,
            remotePort: request.socket?.remotePort,
          };
        }
        // Anything else logged as `req`: as it is, its URL redacted (the paths above do the rest).
        const url = (logged as { url?: unknown }).url;
        return { ...logged, ...(typeof url === 'string' ? { url: redactUrl(url) } : {}) };
      },
    },
  };
}
