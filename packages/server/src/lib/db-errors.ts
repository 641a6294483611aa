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

/** How a database error the code did not handle itself is answered (ADR 050). */
export interface DatabaseErrorAnswer {
  status: number;
  code: ErrorCode;
}

/**
 * The clear 4xx answer for a constraint violation or concurrency failure that reached the error
 * handler, or null for any other error (those stay a logged 500). Integrity violations are
 * conflicts with what is stored (409); values the database refuses are the client's 400, like the
 * data exceptions of ADR 021.
 */
export function databaseErrorAnswer(err: unknown): DatabaseErrorAnswer | null {
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
