/**
 * Grows a database of one's own and keeps it, to look at plans with EXPLAIN (ANALYZE, BUFFERS) after
 * `npm run bench:scale` has dropped its own: creates `<BENCH_SCALE_DB>` (default `pluk_scale`) on the
 * DATABASE_URL server (dropping one of that name first), migrates and seeds it with the demo, grows it
 * like the bench (the same BENCH_SCALE_FARMS, _MEMBERS, _NOTIFICATIONS, _LEDGER knobs) and runs VACUUM
 * ANALYZE. Prints each step's time and the row counts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SCALE_FARMS=100 \
 *     node --import tsx bench/scale/grow-db.ts
 */
import { cpus, loadavg } from 'node:os';
import postgres from 'postgres';
import { openDatabase } from '../../src/db/client.js';
import { seedDemo } from '../../src/seed/demo.js';
import { countRows, growToScale, type ScaleShape } from './grow.js';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('grow-db needs DATABASE_URL (PostgreSQL).');
  process.exit(2);
}
const name = process.env.BENCH_SCALE_DB ?? 'pluk_scale';
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_SCALE_DB: not a plain name: ${name}`);
const shape: ScaleShape = {
  farms: Number(process.env.BENCH_SCALE_FARMS ?? 1000),
  members: Number(process.env.BENCH_SCALE_MEMBERS ?? 500),
  notificationsPerMember: Number(process.env.BENCH_SCALE_NOTIFICATIONS ?? 5),
  ledgerPerMember: Number(process.env.BENCH_SCALE_LEDGER ?? 10),
};

async function main(): Promise<void> {
  const admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end({ timeout: 5 });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  await seedDemo(handle.db);
  await handle.close();
  const sql = postgres(url.toString(), { max: 9, onnotice: () => {} });
  try {
    const [lid] = await sql`select password_hash from users where app_id = 'plukhoeve' and username = 'lid'`;
    const started = performance.now();
    const steps = await growToScale(sql, shape, lid!.password_hash as string);
    const grown = performance.now() - started;
    const vacuumStarted = performance.now();
    await sql.unsafe('vacuum (analyze)');
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`Steps: ${steps.map((step) => `${step.name} ${s(step.ms)}`).join(', ')}`);
    console.log(
      `${name}: ${shape.farms} farms × ${shape.members} members grown in ${s(grown)} (load average ` +
        `${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores), VACUUM ANALYZE ${s(performance.now() - vacuumStarted)}`,
    );
    console.log(
      Object.entries(await countRows(sql))
        .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
        .join(', '),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
