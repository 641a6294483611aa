/**
 * The embedded database in a worker thread (decision 104): PGlite runs every statement synchronously
 * on the thread that owns it, so on the main thread a storm of requests kept Fastify from accepting
 * and reading new connections for many seconds. Here it answers the main thread's messages
 * (db/pglite-remote.ts) one at a time, in the order they come, through PGlite's own locks: a
 * statement outside a transaction waits for the open transaction, as it did in-process.
 *
 * Kept to erasable TypeScript with only package imports, so Node runs this file as is (tests, tsx)
 * and the build bundles it to dist/pglite-worker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type {
  WireError,
  WireQueryOptions,
  WorkerOptions,
  WorkerRequest,
  WorkerResponse,
} from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread only');

function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: WireError['fields'] = {};
  // DatabaseError's code, constraint, detail, table …; PGlite's `query`/`params`/`queryOptions` are
  // left out (functions and large values cannot or need not cross).
  for (const [key, value] of Object.entries(err)) {
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: err.name, message: err.message, stack: err.stack, fields };
}

const keepText = (value: string) => value;

function queryOptions(wire: WireQueryOptions): QueryOptions {
  const options: QueryOptions = {};
  if (wire.rowMode) options.rowMode = wire.rowMode;
  if (wire.textTypes?.length) {
    options.parsers = Object.fromEntries(wire.textTypes.map((oid) => [oid, keepText]));
  }
  return options;
}

// pg_trgm: the trigram index of the users' name filter (migration 0004, ADR 056); btree_gin: app_id
// inside the trigram indexes (ADR 099).
const extensions = { pg_trgm, btree_gin };
const { dataDir } = workerData as WorkerOptions;

function send(message: WorkerResponse): void {
  port!.postMessage(message);
}

let client: PGlite;
try {
  client = dataDir ? await PGlite.create(dataDir, { extensions }) : await PGlite.create({ extensions });
} catch (err) {
  send({ id: 0, ready: false, error: wireError(err) });
  throw err;
}

/** The open transactions by number: PGlite's handle, and how to end it. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
let lastTx = 0;
/** Thrown inside PGlite's transaction callback to have it roll back; not an error of the caller's. */
const rollback = Symbol('rollback');

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return client;
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is no longer open`);
  return entry.tx;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
    case 'exec':
      return target(request.tx).exec(request.sql);
    case 'begin': {
      const number = ++lastTx;
      return new Promise<number>((begun, failed) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => (end = resolve));
        const done = client.transaction(async (tx) => {
          open.set(number, { tx, end, done });
          begun(number);
          if (!(await decided)) throw rollback;
        });
        // A transaction that could not begin answers the `begin`; once begun, `end` reports.
        done.catch((err: unknown) => failed(err));
      });
    }
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error(`transaction ${request.tx} is no longer open`);
      open.delete(request.tx);
      entry.end(request.commit);
      try {
        await entry.done;
      } catch (err) {
        if (err !== rollback) throw err;
      }
      return undefined;
    }
    case 'close':
      await client.close();
      return undefined;
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => send({ id: request.id, ok: true, value }),
    (err: unknown) => send({ id: request.id, ok: false, error: wireError(err) }),
  );
});

send({ id: 0, ready: true });
