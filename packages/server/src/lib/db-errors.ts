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

/**
 * Whether `err` is a PostgreSQL data exception (SQLSTATE class 22): a value the database cannot take,
 * such as an id beyond the integer range or a NUL byte in text. Such values come from the request, so
 * they are the client's 400, not a server fault (ADR 021).
 */
export function isDataException(err: unknown): boolean {
  return pgError(err)?.code?.startsWith('22') ?? false;
}
