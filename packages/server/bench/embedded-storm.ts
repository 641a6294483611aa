/**
 * The embedded database under a storm (issue 35 point 1, decision 104), part of `npm run bench` on
 * PGlite: 100 connections (BENCH_STORM_CONNECTIONS) keep asking a heavy member read (the wallet), and
 * meanwhile a new connection asks `/api/health/live` and a static file, BENCH_STORM_PROBES (3) times
 * each; its first answer is timed from the connect. Once with PGlite on the main thread (as before
 * decision 104) and once in its worker thread, each on a fresh seeded in-memory database, in one run.
 * The storm comes from autocannon in a thread of its own and the probes from another thread, so neither
 * shares the server's event loop. Bounded: about 2 × (seed + 2 s + the probes); a probe gives up after
 * BENCH_STORM_TIMEOUT_SECONDS (60), and then that side probes no more.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type autocannon from 'autocannon';
import { median } from './measure.js';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { demoPassword, seedDemo } from '../src/seed/demo.js';
import { startWeatherStandIn } from '../test/helpers/weather-stand-in.js';

type Mode = 'in-process' | 'worker';

interface StormResult {
  mode: Mode;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  health: number[];
  file: number[];
}

/** Times one request on a new connection (no keep-alive, no shared agent), from another thread. */
const proberSource = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
parentPort.on('message', ({ id, url, timeoutMs }) => {
  const started = performance.now();
  const answer = (result) => parentPort.postMessage({ id, ms: performance.now() - started, ...result });
  const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
    response.resume();
    response.on('end', () => answer({ status: response.statusCode }));
  });
  request.on('timeout', () => request.destroy(new Error('timeout')));
  request.on('error', (err) => answer({ error: err.message }));
});
`;

/**
 * autocannon in a thread of its own, stopped when the probes are done. (Its `workers` option loses
 * the result when stopped early: the manager forgets the workers before they report.)
 */
const stormSource = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const autocannon = require(workerData.autocannon);
// Off the main thread autocannon answers its raw counts and encoded histograms.
const { decodeHist } = require(path.join(path.dirname(workerData.autocannon), 'lib', 'histUtil.js'));
const instance = autocannon(workerData.options, (err, raw) => {
  if (err) return parentPort.postMessage({ storm: true, error: err.message });
  parentPort.postMessage({
    storm: true,
    rps: raw.totalCompletedRequests / raw.duration,
    p99: decodeHist(raw.latencies).getValueAtPercentile(99),
    errors: raw.errors + raw.timeouts,
    non2xx: raw.non2xx,
  });
});
parentPort.on('message', () => instance.stop());
`;

interface StormLoad {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

class Storm {
  private readonly worker: Worker;
  private readonly result: Promise<StormLoad>;

  constructor(options: autocannon.Options) {
    this.worker = new Worker(stormSource, {
      eval: true,
      workerData: { autocannon: createRequire(import.meta.url).resolve('autocannon'), options },
    });
    this.result = new Promise((resolve, reject) => {
      const onMessage = (message: { storm?: true; error?: string } & StormLoad) => {
        if (!message.storm) return;
        this.worker.off('message', onMessage);
        if (message.error) reject(new Error(message.error));
        else resolve(message);
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
    });
  }

  async stop(): Promise<StormLoad> {
    this.worker.postMessage('stop');
    const result = await this.result;
    await this.worker.terminate();
    return result;
  }
}

class Prober {
  private readonly worker = new Worker(proberSource, { eval: true });
  private lastId = 0;
  private readonly waiting = new Map<
    number,
    (result: { ms: number; status?: number; error?: string }) => void
  >();

  constructor() {
    this.worker.on('message', (message: { id: number; ms: number; status?: number; error?: string }) => {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }

  /**
   * Milliseconds to the whole first answer, or Infinity when none came within `timeoutMs`; throws
   * when it failed or was no 200.
   */
  async time(url: string, timeoutMs: number): Promise<number> {
    const id = ++this.lastId;
    const result = await new Promise<{ ms: number; status?: number; error?: string }>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, url, timeoutMs });
    });
    if (result.error === 'timeout') return Infinity;
    if (result.error || result.status !== 200) {
      throw new Error(`probe ${url}: ${result.error ?? `status ${result.status}`}`);
    }
    return result.ms;
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storm(
  mode: Mode,
  connections: number,
  probes: number,
  timeoutMs: number,
): Promise<StormResult> {
  const database = await openDatabase({ memory: true }, { embedded: mode });
  await database.migrate();
  await seedDemo(database.db);
  const dist = mkdtempSync(join(tmpdir(), 'pluk-storm-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Pluk</title>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
  const weather = await startWeatherStandIn();
  const config = {
    ...parseConfig({ WEATHER_API_URL: weather.url }),
    logLevel: 'silent',
    webDistDir: dist,
    rateLimit: {
      authPerMinute: 10_000_000,
      accountPer15Minutes: 10_000_000,
      accountAttackPer15Minutes: 10_000_000,
      feedPerMinute: 10_000_000,
    },
  };
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.jobs.start();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const prober = new Prober();
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lid', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    // Unloaded, once: the probes answer (and the files are read once) before the storm.
    await prober.time(`${base}/api/health/live`, timeoutMs);
    await prober.time(`${base}/robots.txt`, timeoutMs);

    const load = new Storm({
      url: `${base}/api/User/Wallet`,
      headers: { authorization: `Bearer ${token}` },
      connections,
      duration: 3_600,
    });
    await sleep(2_000);
    const health: number[] = [];
    const file: number[] = [];
    for (let round = 0; round < probes; round++) {
      const [h, f] = await Promise.all([
        prober.time(`${base}/api/health/live`, timeoutMs),
        prober.time(`${base}/robots.txt`, timeoutMs),
      ]);
      health.push(h);
      file.push(f);
      // A probe without an answer in time: the next would wait as long, the bench stays bounded.
      if (h === Infinity || f === Infinity) break;
      await sleep(500);
    }
    const result = await load.stop();
    return {
      mode,
      ...result,
      health,
      file,
    };
  } finally {
    await prober.close();
    await app.close();
    await weather.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  }
}

let probeTimeoutMs = 60_000;
const ms = (value: number) =>
  value === Infinity ? `>${probeTimeoutMs / 1000} s` : value < 10 ? value.toFixed(1) : value.toFixed(0);

/** Runs the storm on both, prints a table and returns it (in-process first). */
export async function embeddedStorm(): Promise<StormResult[]> {
  const connections = Number(process.env.BENCH_STORM_CONNECTIONS ?? 100);
  const probes = Number(process.env.BENCH_STORM_PROBES ?? 3);
  probeTimeoutMs = Number(process.env.BENCH_STORM_TIMEOUT_SECONDS ?? 60) * 1000;
  const results = [
    await storm('in-process', connections, probes, probeTimeoutMs),
    await storm('worker', connections, probes, probeTimeoutMs),
  ];
  console.log('');
  console.log(
    `Storm: ${connections} connections on GET /api/User/Wallet; a new connection's first answer, ${probes} probes each (median / max ms)`,
  );
  console.log(
    `${'PGlite'.padEnd(12)}${'req/s'.padStart(8)}${'p99 ms'.padStart(9)}${'health/live'.padStart(16)}${'static file'.padStart(16)}  errors/non-2xx`,
  );
  for (const run of results) {
    const cell = (values: number[]) => `${ms(median(values))} / ${ms(Math.max(...values))}`;
    console.log(
      `${run.mode.padEnd(12)}${run.rps.toFixed(0).padStart(8)}${String(run.p99).padStart(9)}` +
        `${cell(run.health).padStart(16)}${cell(run.file).padStart(16)}  ${run.errors}/${run.non2xx}`,
    );
  }
  const [before, after] = results as [StormResult, StormResult];
  const ratio = (a: number[], b: number[]) =>
    `${median(a) === Infinity ? '>' : ''}${(Math.min(median(a), probeTimeoutMs) / median(b)).toFixed(0)}`;
  console.log(
    `in-process ÷ worker: health ${ratio(before.health, after.health)}×, static ${ratio(before.file, after.file)}×, ` +
      `wallet req/s ${(after.rps / before.rps).toFixed(2)}× (worker ÷ in-process)`,
  );
  return results;
}
