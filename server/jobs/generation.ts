import type { Config } from '../config';
import type { Database } from '../db/connection';
import type { Ctx } from '../domain/context';
import { ensureBuiltInPrompts } from '../domain/generation/prompts';
import { secretKeyOf } from '../domain/secrets';
import { startJobQueue, type JobQueue } from './queue';
import { startArticleWorkers, type ArticleWorkers } from './articleWorker';
import { startPublishWorkers, type PublishWorkers } from './publishWorker';
import { startRefreshWorkers, type RefreshWorkers } from './refreshWorker';
import { Throttles, memoryStore, postgresStore, setThrottles } from '../providers/throttle';

export interface Generation {
  jobs: JobQueue;
  stop(): Promise<void>;
}

/**
 * Everything article generation needs in a process: the built-in prompts, the credentials key
 * (DATA_DIR/secret.key is made on first start when SECRET_KEY is unset), the job queue, and, when
 * `workers` is on, the workers.
 */
export async function startGeneration(
  config: Config,
  database: Database,
  ctx: Omit<Pick<Ctx, 'db' | 'config' | 'now' | 'log'>, 'jobs'>,
  workers: boolean,
): Promise<Generation> {
  await ensureBuiltInPrompts(database.db);
  secretKeyOf(config);
  if (!config.generation.secretKey && database.kind === 'postgres') {
    ctx.log.warn('SECRET_KEY is not set: site credentials are sealed with DATA_DIR/secret.key; give every process the same SECRET_KEY');
  }
  // The providers' minute budgets: in PostgreSQL, shared by every process on it; in memory on the embedded database.
  const throttles = new Throttles(
    database.kind === 'postgres' && config.databaseUrl ? await postgresStore(config.databaseUrl) : memoryStore(),
  );
  setThrottles(database.db, throttles);
  const jobs = await startJobQueue(config, database, ctx.log);
  let running: ArticleWorkers | null = null;
  let publishing: PublishWorkers | null = null;
  let refreshing: RefreshWorkers | null = null;
  try {
    if (workers) running = await startArticleWorkers({ ...ctx, jobs }, database.kind);
    // Publishing: the same queue infrastructure, its own queue.
    if (workers) publishing = await startPublishWorkers({ ...ctx, jobs }, database.kind);
    // Refreshes of published articles: their own queue too.
    if (workers) refreshing = await startRefreshWorkers({ ...ctx, jobs }, database.kind);
  } catch (error) {
    await jobs.stop();
    await throttles.close();
    throw error;
  }
  return {
    jobs,
    async stop() {
      await refreshing?.stop();
      await publishing?.stop();
      await running?.stop();
      await jobs.stop();
      await throttles.close();
    },
  };
}
