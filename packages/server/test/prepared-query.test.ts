import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { preparedQuery } from '../src/db/prepared.js';

/** Stand-ins for two database handles (only their identity matters to the cache). */
const dbA = {} as Database;
const dbB = {} as Database;

function counting() {
  const builds: string[] = [];
  const run = preparedQuery((_db, key: string) => {
    builds.push(key);
    return { execute: async (values?: Record<string, unknown>) => ({ key, values }) };
  }, 2);
  return { builds, run };
}

describe('preparedQuery', () => {
  it('builds once per database and key, and runs with each call’s values', async () => {
    const { builds, run } = counting();
    expect(await run(dbA, 'app1', { userId: 1 })).toEqual({ key: 'app1', values: { userId: 1 } });
    expect(await run(dbA, 'app1', { userId: 2 })).toEqual({ key: 'app1', values: { userId: 2 } });
    // Another app (its scope is in the text) and another database get their own query.
    expect(await run(dbA, 'app2', { userId: 1 })).toEqual({ key: 'app2', values: { userId: 1 } });
    expect(await run(dbB, 'app1', { userId: 3 })).toEqual({ key: 'app1', values: { userId: 3 } });
    expect(builds).toEqual(['app1', 'app2', 'app1']);
  });

  it('keeps at most maxEntries queries per database, oldest out', async () => {
    const { builds, run } = counting();
    await run(dbA, 'a', {});
    await run(dbA, 'b', {});
    await run(dbA, 'c', {});
    await run(dbA, 'b', {});
    await run(dbA, 'a', {});
    expect(builds).toEqual(['a', 'b', 'c', 'a']);
  });
});
