import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, parseConfig, type Config } from './config.js';
import { embeddedDatabaseExists, openDatabase } from './db/client.js';
import { startupFailureLine } from './lib/db-errors.js';
import { drainAndClose } from './lib/shutdown.js';
import { demoBanner, seedDemo } from './seed/demo.js';

/** The settings once read, for the start-up failure message. */
let settings: Config | undefined;

/** Thin launcher: settings, database, migrations, demo seed, listen, graceful close. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = parseConfig();
    settings = config;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const embeddedIsNew = !config.databaseUrl && !embeddedDatabaseExists(config.dataDir);
  const { poolMax, connectTimeoutSeconds, statementTimeoutSeconds } = config.database;
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    { pool: { max: poolMax, connectTimeoutSeconds, statementTimeoutSeconds } },
  );
  await database.migrate();
  // Demo data: on by default for the embedded database, never on PostgreSQL unless SEED_DEMO=true.
  const wantSeed = config.seedDemo ?? database.kind === 'pglite';
  const seeded = wantSeed ? await seedDemo(database.db, { dataDir: config.dataDir }) : false;

  const app = await buildApp({ config, database });
  const shutdownDelayMs = config.shutdownDelaySeconds * 1000;
  // Ready turns 503, the delay passes, the listener closes and the requests in flight finish (decision
  // 103); past the grace (10 s beyond the delay) the process exits anyway.
  closeWithGrace({ delay: 10_000 + shutdownDelayMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal, shutdownDelayMs }, 'closing: readiness 503, then draining');
    await drainAndClose(app, database, err ? 0 : shutdownDelayMs);
  });

  await app.listen({ port: config.port, host: config.host });
  // E-mails and web push queued by requests (and by a process that died) go out from here on.
  app.jobs.start();
  app.log.info(
    {
      database: database.kind,
      dataDir: database.kind === 'pglite' ? config.dataDir : undefined,
      embeddedIsNew,
    },
    'Pluk is ready',
  );
  if (seeded) console.log(`\n${demoBanner(config.publicUrl)}\n`);
  console.log(`Pluk runs at ${config.publicUrl} (API docs: ${config.publicUrl}/api/docs)`);
}

main().catch((err: unknown) => {
  // A database that cannot be reached is named in one line, without a stack (decision 051).
  const line = settings?.databaseUrl
    ? startupFailureLine(err, settings.databaseUrl, settings.database.connectTimeoutSeconds)
    : undefined;
  if (line) console.error(`Pluk could not start: ${line}`);
  else console.error('Pluk could not start:', err);
  process.exit(1);
});
