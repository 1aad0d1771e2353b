import type { Ctx } from '../domain/context';
import { resumeRefreshes, runQueuedRefresh } from '../domain/articles/articleBulkRefresh';

type WorkerCtx = Pick<Ctx, 'db' | 'config' | 'jobs' | 'now' | 'log'>;

export interface RefreshWorkers {
  stop(): Promise<void>;
}

/**
 * Runs the queued refreshes of published articles. On the embedded database, whatever was running
 * died with the last process: its refreshes are queued again on start (each resumes without a
 * second charge).
 */
export async function startRefreshWorkers(ctx: WorkerCtx, kind: 'pglite' | 'postgres'): Promise<RefreshWorkers> {
  if (kind === 'pglite') {
    const resumed = await resumeRefreshes(ctx);
    if (resumed) ctx.log.info(`refresh: ${resumed} article refresh(es) of a stopped worker queued again`);
  }
  // Stopping cuts the model's answers short: the refreshes they were for run again after restart.
  const stopping = new AbortController();
  await ctx.jobs.workRefresh(ctx.config.generation.workerConcurrency, (job) => runQueuedRefresh(ctx, job, stopping.signal));
  return {
    // Cuts its refreshes short, like the publishing workers: the queue's work stops once, with the
    // article workers' stop (stopping it here would wait for their items before they are cut short).
    async stop() {
      stopping.abort(new Error('The worker is stopping'));
    },
  };
}
