/**
 * The messages between the main thread and the PGlite worker (decision 104). Types only: the worker
 * imports them with `import type`, so it stays a file Node can run without our module graph.
 */

/** Query options that cross the thread: drizzle's parsers are all "keep the text", named by type OID. */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  /** Type OIDs whose values stay the text PostgreSQL sent (drizzle's timestamps, dates, intervals). */
  textTypes?: number[];
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options: WireQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  /** Opens a transaction; answered with its number once PGlite has begun it. */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) transaction `tx`; answered once PGlite has done so. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error as it crosses the thread: its own primitive fields (code, constraint, detail …) kept. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  /** Sent once: the database is open (or could not be opened). */
  | { id: 0; ready: true }
  | { id: 0; ready: false; error: WireError };

export interface WorkerOptions {
  /** The PGlite folder; none: in memory. */
  dataDir?: string;
}
