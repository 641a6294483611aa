import type { ErrorCode } from '@pluk/contract';

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string; constraint_name?: string } | null {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code?: string };
    }
    current = candidate.cause;
  }
  return null;
}

/** Whether `err` is a unique violation, optionally of the named index/constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  if (pg?.code !== '23505') return false;
  if (!constraint) return true;
  const name = pg.constraint ?? pg.constraint_name;
  // PGlite does not always report the constraint name; the message names it.
  return (
    name === constraint || (err instanceof Error && String(err.cause ?? err.message).includes(constraint))
  );
}

/** The SQLSTATE of a PostgreSQL error behind `err`, or undefined when it is no database error. */
export function sqlState(err: unknown): string | undefined {
  return pgError(err)?.code;
}

/**
 * Whether `err` means the transaction clashed with a concurrent one and may succeed when run again:
 * a serialization failure (40001) or a deadlock (40P01). See `inTransaction` (ADR 050).
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = sqlState(err);
  return code === '40001' || code === '40P01';
}

/**
 * Driver and socket codes (postgres.js, Node's net) of a database that cannot be reached or went away
 * while it worked (ADR 051).
 */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CONNECT_TIMEOUT',
  // Our own: the pool answers at once while the database is known to be unreachable (db/client.ts).
  'DATABASE_UNAVAILABLE',
]);
const droppedCodes = new Set([
  'ECONNRESET',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * SQLSTATEs of a database that is going away or not there yet: connection exceptions (class 08),
 * admin/crash shutdown and "cannot connect now" (57P01–57P03), too many connections (53300), and a
 * statement cancelled by `statement_timeout` (57014).
 */
function unavailableState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code);
}

/** The error codes along `err`'s cause chain (Drizzle wraps the driver's error; Node may aggregate). */
function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof candidate.code === 'string') codes.push(candidate.code);
    if (Array.isArray(candidate.errors)) {
      for (const inner of candidate.errors) {
        const code = (inner as { code?: unknown } | null)?.code;
        if (typeof code === 'string') codes.push(code);
      }
    }
    current = candidate.cause;
  }
  return codes;
}

/**
 * How the database failed to answer, or undefined when `err` is no such failure (ADR 051):
 * `unreachable` — no connection could be opened (refused, no answer within the connect timeout, not
 * accepting connections now); `dropped` — the connection went away mid-statement; `shutting down` —
 * the server ended the session (57P01/57P02) or another connection exception (class 08);
 * `statement timeout` — cancelled by `statement_timeout` (57014).
 */
export type Unavailability = 'unreachable' | 'dropped' | 'shutting down' | 'statement timeout';

export function databaseUnavailability(err: unknown): Unavailability | undefined {
  for (const code of errorCodes(err)) {
    if (unreachableCodes.has(code) || ['57P03', '53300', '08001', '08004'].includes(code))
      return 'unreachable';
    if (droppedCodes.has(code)) return 'dropped';
    if (code === '57014') return 'statement timeout';
    if (/^[0-9A-Z]{5}$/.test(code) && unavailableState(code)) return 'shutting down';
  }
  return undefined;
}

/** Whether `err` means the database cannot be reached or went away: answered 503, not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return databaseUnavailability(err) !== undefined;
}

/** Seconds a client should wait before trying again after a 503 DATABASE_UNAVAILABLE. */
export const databaseRetryAfterSeconds = 5;

/** One line about an unavailable database for the log, without a stack: the code and the message. */
export function describeDatabaseFailure(err: unknown): { dbCode: string; dbMessage: string } {
  const codes = errorCodes(err);
  let innermost: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const next = (innermost as { cause?: unknown } | null)?.cause;
    if (!next || typeof next !== 'object') break;
    innermost = next;
  }
  const message = innermost instanceof Error ? innermost.message : String(innermost);
  return { dbCode: codes.at(-1) ?? 'unknown', dbMessage: message };
}

/** How a database error the code did not handle itself is answered (ADR 050). */
export interface DatabaseErrorAnswer {
  status: number;
  code: ErrorCode;
}

/**
 * The clear 4xx answer for a constraint violation or concurrency failure that reached the error
 * handler, 503 for a database that cannot be reached or went away (ADR 051), or null for any other
 * error (those stay a logged 500). Integrity violations are
 * conflicts with what is stored (409); values the database refuses are the client's 400, like the
 * data exceptions of ADR 021.
 */
export function databaseErrorAnswer(err: unknown): DatabaseErrorAnswer | null {
  if (isDatabaseUnavailable(err)) return { status: 503, code: 'DATABASE_UNAVAILABLE' };
  const code = sqlState(err);
  if (!code) return null;
  // Data exceptions (class 22): a value the database cannot take, such as an id beyond the integer
  // range or a NUL byte in text. Such values come from the request (ADR 021).
  if (code.startsWith('22')) return { status: 400, code: 'VALIDATION_ERROR' };
  switch (code) {
    case '23505': // unique_violation
      return { status: 409, code: 'CONFLICT' };
    case '23503': // foreign_key_violation
      return { status: 409, code: 'REFERENCE_CONFLICT' };
    case '23514': // check_violation
    case '23502': // not_null_violation
      return { status: 400, code: 'VALIDATION_ERROR' };
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return { status: 409, code: 'CONCURRENT_UPDATE' };
    default:
      return null;
  }
}

/**
 * The one line server.ts prints when the database stops the start-up, naming the cause (decision 051):
 * `cannot reach the database at 127.0.0.1:5433: connection refused`. Undefined for any other error.
 * The URL's user and password are never printed.
 */
export function startupFailureLine(
  err: unknown,
  databaseUrl: string,
  connectTimeoutSeconds: number,
): string | undefined {
  const codes = errorCodes(err);
  let where = 'the configured address';
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || '5432'}`;
  } catch {
    // DATABASE_URL was validated at start-up; keep the generic wording.
  }
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    CONNECT_TIMEOUT: `no answer within ${connectTimeoutSeconds} s`,
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ECONNRESET: 'the connection was closed',
    CONNECTION_CLOSED: 'the connection was closed',
    '57P03': 'the database is starting up or shutting down',
    '53300': 'too many connections',
  };
  for (const code of codes) {
    const reason = reasons[code];
    if (reason) return `cannot reach the database at ${where}: ${reason}`;
  }
  const { dbMessage } = describeDatabaseFailure(err);
  // Refused at login or for the database name: PostgreSQL's own message says which.
  if (codes.some((code) => code.startsWith('28') || code === '3D000')) {
    return `the database at ${where} refused Pluk: ${dbMessage}`;
  }
  if (isDatabaseUnavailable(err)) return `cannot reach the database at ${where}: ${dbMessage}`;
  return undefined;
}
