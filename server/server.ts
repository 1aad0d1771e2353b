import type { Config } from './config';
import { openDatabase, type Database } from './db/connection';
import { seed, type SeedResult } from './domain/seed';
import { buildApp, type App, type AppOptions } from './app';
import { startGeneration, type Generation } from './jobs/generation';

export interface RunningServer {
  app: App;
  database: Database;
  url: string;
  seeded: SeedResult;
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, seeds it while it builds the app, listens, then starts the job
 * queue: what `npm start` and the tests run. Resolves once all of it runs; the console and the
 * public configuration are answered from the listen on, every other API request waits
 * for the queue (app.ts).
 */
export async function startServer(
  config: Config,
  options: Omit<AppOptions, 'config' | 'database' | 'started'> & {
    /** The database already being opened (main.ts starts it before it loads the server); else opened here. */
    opening?: Promise<Database>;
  } = {},
): Promise<RunningServer> {
  const { opening, ...appOptions } = options;
  const database = await (opening ?? openDatabase(config));
  try {
    let settle!: (started: boolean) => void;
    const started = new Promise<boolean>((resolve) => (settle = resolve));
    // The seed's statements run in the database's thread while this one builds the app.
    const [seeding, building] = await Promise.allSettled([
      seed({ db: database.db, config }),
      buildApp({ ...appOptions, config, database, started }),
    ]);
    if (seeding.status === 'rejected' || building.status === 'rejected') {
      if (building.status === 'fulfilled') await building.value.close();
      throw seeding.status === 'rejected' ? seeding.reason : (building as PromiseRejectedResult).reason;
    }
    const seeded = seeding.value;
    const app = building.value;
    let address: string;
    try {
      address = await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      settle(false);
      throw error;
    }
    // The job queue, and the generation workers unless WORKERS=0 (`npm run worker` runs them alone).
    let generation: Generation;
    try {
      generation = await startGeneration(config, database, app.ctx, config.generation.workers);
    } catch (error) {
      settle(false);
      await app.close();
      throw error;
    }
    app.ctx.jobs = generation.jobs;
    settle(true);
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    return {
      app,
      database,
      url,
      seeded,
      async close() {
        // Requests in flight finish first (they may add jobs), then the workers and the queue stop.
        await app.close();
        await generation.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
