import type { Config } from './config';
import { openDatabase, type Database } from './db/connection';
import { seed, type SeedResult } from './domain/seed';
import { buildApp, type App, type AppOptions } from './app';
import { startGeneration } from './jobs/generation';

export interface RunningServer {
  app: App;
  database: Database;
  url: string;
  seeded: SeedResult;
  close(): Promise<void>;
}

/** Opens (and migrates) the database, seeds it, and listens: what `npm start` and the tests run. */
export async function startServer(config: Config, options: Omit<AppOptions, 'config' | 'database'> = {}): Promise<RunningServer> {
  const database = await openDatabase(config);
  try {
    const seeded = await seed({ db: database.db, config });
    const app = await buildApp({ ...options, config, database });
    // The job queue, and the generation workers unless WORKERS=0 (`npm run worker` runs them alone).
    const generation = await startGeneration(config, database, app.ctx, config.generation.workers);
    app.ctx.jobs = generation.jobs;
    let address: string;
    try {
      address = await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await generation.stop();
      throw error;
    }
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
