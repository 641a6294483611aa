/**
 * Database faults, measured as for decision 051: Pluk on a throw-away PostgreSQL cluster of
 * its own, 20 connections of member reads, then (1) a restart with the database down 0.3 s
 * (`pg_ctl stop -m fast`, start), (2) a crash with the database down 10 s (`-m immediate`), with health
 * probes during the outage, and (3) start-up against a port that refuses and one that accepts and never
 * answers. Prints the figures as JSON. Run: `npm run bench:db-faults -w @pluk/server`.
 */
import {
  createCluster,
  loadMemberReads,
  probeHealth,
  seedMember,
  silentServer,
  sleep,
  startAgainst,
  startServer,
  summarize,
  freePort,
  type Sample,
} from '../test/helpers/db-fault-harness.js';

const connections = Number(process.env.FAULT_CONNECTIONS ?? 20);
const hungMs = 10_000;
const jwtSecret = 'db-fault-bench-secret-long-enough-for-hs256';

function firstLine(output: string): string {
  return output.split('\n').find((line) => line.includes('could not start')) ?? output.split('\n')[0] ?? '';
}

async function outage(
  label: string,
  base: string,
  headers: Record<string, string>,
  act: () => Promise<number>,
): Promise<unknown> {
  const load = loadMemberReads(base, headers, connections, 30_000);
  await sleep(1000);
  const probes = probeHealth(base, 30_000);
  const from = Date.now();
  const backAt = await act();
  // Keep the load on until well after the database is back, so late answers are counted.
  await sleep(hungMs + 2000);
  const health = await probes.stop();
  const samples = await load.stop();
  const during = samples.filter((s: Sample) => s.startedAt + s.ms >= from);
  const firstOkAfter = during
    .filter((s) => s.status === 200 && s.startedAt >= backAt)
    .reduce((min, s) => Math.min(min, s.startedAt + s.ms - backAt), Infinity);
  const healthDuring = health.filter((s) => s.startedAt < backAt);
  return {
    label,
    requests: summarize(during, hungMs),
    hungPastBack10s: during.filter((s) => s.startedAt < backAt && s.startedAt + s.ms > backAt + hungMs)
      .length,
    firstOkAfterBackMs: firstOkAfter,
    healthProbesDuringOutage: summarize(healthDuring, 2000),
  };
}

async function main(): Promise<void> {
  const results: unknown[] = [];
  const cluster = await createCluster();
  try {
    const headers = await seedMember(cluster.url, jwtSecret);
    const server = await startServer({ DATABASE_URL: cluster.url, JWT_SECRET: jwtSecret });
    try {
      results.push(
        await outage('restart, down 0.3 s', server.base, headers, async () => {
          await cluster.stop('fast');
          await sleep(300);
          await cluster.start();
          return Date.now();
        }),
      );
      results.push(
        await outage('crash, down 10 s', server.base, headers, async () => {
          await cluster.stop('immediate');
          await sleep(10_000);
          await cluster.start();
          return Date.now();
        }),
      );
      const logLines = server.output.join('').split('\n');
      results.push({
        label: 'server log',
        unhandledErrorLines: logLines.filter((l) => l.includes('unhandled error')).length,
        stackLines: logLines.filter((l) => l.includes('"stack"')).length,
        warnLines: logLines.filter((l) => l.includes('"level":40')).length,
        alive: server.child.exitCode === null,
      });
    } finally {
      const code = await server.stop();
      results.push({ label: 'SIGTERM after the faults', exitCode: code });
    }
  } finally {
    await cluster.destroy();
  }

  const refused = await freePort();
  const refusedRun = await startAgainst(`postgres://postgres@127.0.0.1:${refused}/pluk`);
  results.push({
    label: 'start against a refused port',
    exitCode: refusedRun.code,
    ms: refusedRun.ms,
    line: firstLine(refusedRun.output),
    outputLines: refusedRun.output.trim().split('\n').length,
  });
  const silent = await silentServer();
  const silentRun = await startAgainst(`postgres://postgres@127.0.0.1:${silent.port}/pluk`);
  await silent.close();
  results.push({
    label: 'start against a port that never answers',
    exitCode: silentRun.code,
    ms: silentRun.ms,
    line: firstLine(silentRun.output),
    outputLines: silentRun.output.trim().split('\n').length,
  });
  console.log(JSON.stringify(results, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
