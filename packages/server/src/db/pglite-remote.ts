import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type {
  WireError,
  WireQueryOptions,
  WorkerOptions,
  WorkerRequest,
  WorkerResponse,
} from './pglite-protocol.js';

/** What drizzle's PGlite driver and the handle ask of a transaction (decision 104). */
export interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

function rebuilt(wire: WireError): Error {
  const err = new Error(wire.message);
  Object.assign(err, wire.fields);
  err.name = wire.name;
  if (wire.stack) err.stack = `${wire.stack}\n    (in the PGlite worker thread)`;
  return err;
}

/**
 * Drizzle passes parsers that keep a type's text as is (timestamps, dates, intervals); a function
 * cannot cross the thread, so they go as type OIDs and the worker keeps those texts. Any other parser
 * is refused loudly rather than silently ignored.
 */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions {
  if (!options) return {};
  const wire: WireQueryOptions = {};
  for (const [key, value] of Object.entries(options)) {
    if (value === undefined) continue;
    if (key === 'rowMode') wire.rowMode = value as 'array' | 'object';
    else if (key === 'parsers') {
      wire.textTypes = Object.entries(value as Record<string, (text: string, type: number) => unknown>).map(
        ([oid, parser]) => {
          if (parser('1', Number(oid)) !== '1') {
            throw new Error(`the PGlite worker cannot run a parser for type ${oid} (decision 104)`);
          }
          return Number(oid);
        },
      );
    } else throw new Error(`the PGlite worker does not take the query option "${key}" (decision 104)`);
  }
  return wire;
}

/**
 * The main thread's side of the embedded database (decision 104): PGlite runs in a worker thread
 * (db/pglite-worker.ts) and this object offers what drizzle's PGlite driver uses — `query`, `exec`
 * and `transaction`, whose statements go to the open transaction — as messages to it. Values cross by
 * structured clone, which keeps Date, bigint, Uint8Array (bytea) and the parsed JSON as they are.
 */
export class PgliteWorkerClient {
  private lastId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerResponse) => {
      if ('ready' in message) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      // An idle worker does not keep the process alive (a script that forgot `close`).
      if (this.pending.size === 0) this.worker.unref();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(rebuilt(message.error));
    });
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  /** Starts the worker and waits until PGlite has opened `dataDir` (or an in-memory database). */
  static async open(options: WorkerOptions): Promise<PgliteWorkerClient> {
    // From src/ (tests, tsx) the worker is the TypeScript file beside this one, which Node runs as is;
    // from the bundle, dist/pglite-worker.js beside dist/server.js (scripts/build.mjs).
    const file = import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js';
    const worker = new Worker(new URL(file, import.meta.url), { workerData: options });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerResponse) => {
        if (message.id !== 0 || !('ready' in message)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(rebuilt(message.error));
      };
      worker.on('message', onMessage);
      worker.on('error', reject);
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    worker.unref();
    return new PgliteWorkerClient(worker);
  }

  private call(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, options: wireOptions(options), tx }) as Promise<Results<T>>;
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx }) as Promise<Results[]>;
  }

  /**
   * Runs `callback` in one PGlite transaction: it commits when the callback succeeds and rolls back
   * when it throws, as PGlite's own `transaction` does. Statements outside it wait until it ends.
   */
  async transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const number = (await this.call({ op: 'begin' })) as number;
    const tx: RemoteTransaction = {
      query: (sql, params, options) => this.query(sql, params, options, number),
      exec: (sql) => this.exec(sql, number),
    };
    let value: T;
    try {
      value = await callback(tx);
    } catch (err) {
      // The caller's error is the one that counts; a failed rollback (a worker gone) adds nothing.
      await this.call({ op: 'end', tx: number, commit: false }).catch(() => undefined);
      throw err;
    }
    await this.call({ op: 'end', tx: number, commit: true });
    return value;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
