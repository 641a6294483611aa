import type { Database } from './client.js';

interface Executable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/**
 * A query Drizzle builds once and then only runs (ADR 046). Drizzle turns a builder into SQL text on
 * every run, entity checks and all: for the hot reads that was the largest part of the server's CPU.
 * `build(db, key)` makes the query with `sql.placeholder(…)` for what changes per request and ends in
 * `.prepare(name)`; it is built once per database handle and `key` (the app id, and the shape of the
 * query when options change its text) and then executed with the placeholder values. Built through
 * `tenantDb`, the app scope is part of the text, which is why the app id belongs in the key. At most
 * `maxEntries` per handle (oldest out): keys come from apps and options, not from user input.
 */
export function preparedQuery<T, K extends string>(
  build: (db: Database, key: K) => Executable<T>,
  maxEntries = 1_000,
): (db: Database, key: K, values: Record<string, unknown>) => Promise<T> {
  const perDatabase = new WeakMap<Database, Map<K, Executable<T>>>();
  return (db, key, values) => {
    let built = perDatabase.get(db);
    if (!built) {
      built = new Map();
      perDatabase.set(db, built);
    }
    let query = built.get(key);
    if (!query) {
      if (built.size >= maxEntries) built.delete(built.keys().next().value!);
      query = build(db, key);
      built.set(key, query);
    }
    return query.execute(values);
  };
}
