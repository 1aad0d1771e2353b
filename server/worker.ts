import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { startGeneration } from './jobs/generation';
import { stopOnSignals } from './stopOnSignals';

/**
 * `npm run worker`: generation workers only, no HTTP. For scaling out on PostgreSQL
 * (DATABASE_URL): run as many as the model service allows, beside any number of `npm start`
 * processes (those can run with WORKERS=0 to serve the API only).
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      '\n  npm run worker needs DATABASE_URL: the embedded database serves one process, and `npm start` already runs the workers.\n',
    );
    process.exit(1);
  }
  const signals = stopOnSignals();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  const generation = await startGeneration(config, database, { db: database.db, config, log, now: () => new Date() }, true);
  log.info(`Inkpress worker running (${config.generation.workerConcurrency} at a time)`);
  signals.started(async () => {
    await generation.stop();
    await database.close();
  });
}

main().catch((error: Error) => {
  console.error(`\n  Inkpress worker could not start: ${error.message}\n`);
  process.exit(1);
});
