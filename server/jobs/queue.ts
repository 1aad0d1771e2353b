import type { Job } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connection';
import { jobTransaction } from '../db/jobTransaction';
import type { DbOrTx } from '../db/types';

/** The queue of article-generation items: one job per item, `{ itemId }`. */
export const ARTICLE_QUEUE = 'article-item';
/** The queue of publishing items: one job per article × site, `{ itemId }`, due at its `startAfter`. */
export const PUBLISH_QUEUE = 'publish-item';
/** The queue of refreshes of published articles: one job per article. */
export const REFRESH_QUEUE = 'article-refresh';

/** A queued refresh: the article, and the key it was marked with (its charge's reference). */
export interface RefreshJob {
  accountId: number;
  articleId: number;
  key: string;
  /** The user who asked for it (the version's author). */
  by: number | null;
}

export interface JobQueue {
  /**
   * Adds a job per item in the caller's transaction: the jobs exist exactly when the items do.
   * `startAfter`: the jobs start no sooner (an item waiting for a provider's limit).
   */
  enqueueItems(tx: DbOrTx, itemIds: number[], options?: { startAfter?: Date }): Promise<void>;
  /** Runs `handle` for each item job, `concurrency` at a time in this process. */
  work(concurrency: number, handle: (itemId: number) => Promise<void>): Promise<void>;
  /** Adds a publishing job per item in the caller's transaction, each not before its `runAt`. */
  enqueuePublish(tx: DbOrTx, items: { itemId: number; runAt: Date }[]): Promise<void>;
  /** Runs `handle` for each publishing job, `concurrency` at a time in this process. */
  workPublish(concurrency: number, handle: (itemId: number) => Promise<void>): Promise<void>;
  /** Adds a refresh job per article in the caller's transaction. */
  enqueueRefresh(tx: DbOrTx, jobs: RefreshJob[]): Promise<void>;
  /** Runs `handle` for each refresh job, `concurrency` at a time in this process. */
  workRefresh(concurrency: number, handle: (job: RefreshJob) => Promise<void>): Promise<void>;
  stopWorking(): Promise<void>;
  stop(): Promise<void>;
}

/** For an app built without a queue: generation work cannot be added. */
export const noJobQueue: JobQueue = {
  enqueueItems: async () => {
    throw new Error('The job queue is not running in this process');
  },
  work: async () => {
    throw new Error('The job queue is not running in this process');
  },
  enqueuePublish: async () => {
    throw new Error('The job queue is not running in this process');
  },
  workPublish: async () => {
    throw new Error('The job queue is not running in this process');
  },
  enqueueRefresh: async () => {
    throw new Error('The job queue is not running in this process');
  },
  workRefresh: async () => {
    throw new Error('The job queue is not running in this process');
  },
  stopWorking: async () => {},
  stop: async () => {},
};

const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Both queues: failed jobs (only infrastructure faults: an item's own failure is recorded on the item,
 * and its transient faults — timeouts, 429, 5xx — are retried by the item's next job with its own
 * backoff) are retried with backoff.
 */
const QUEUE_OPTIONS = { notify: true, retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 300, expireInSeconds: 3600 };
/** Seconds a job on PostgreSQL may go without its worker's heartbeat (refreshed every half of it). */
const HEARTBEAT_SECONDS = 30;

/**
 * pg-boss on the application's database: through its PGlite adapter on the embedded database
 * (LISTEN/NOTIFY in-process), or its own small pool on PostgreSQL. New jobs wake idle workers at
 * once (NOTIFY); polling every JOB_POLL_SECONDS is the backstop.
 */
export async function startJobQueue(config: Config, database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  // Loaded here, after the server listens: pg-boss brings node-postgres, which loads
  // Node's fetch (undici) as it loads, about 0.1 s a start the embedded database has no use for before then.
  const { PgBoss, fromDrizzle, fromPglite } = await import('pg-boss');
  const options = { useListenNotify: true, schedule: false, migrate: true };
  const boss = database.pglite
    ? new PgBoss({ ...options, db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ ...options, connectionString: config.databaseUrl ?? undefined, max: 4 });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning: { message?: string }) => log.warn({ warning }, `job queue: ${warning.message ?? 'warning'}`));
  await boss.start();
  // On PostgreSQL a job is also bounded by a heartbeat: a fetch whose answer was lost with the
  // connection (the database restarted at that instant) leaves a job active that no worker holds,
  // which pg-boss then fails and retries after HEARTBEAT_SECONDS instead of after expireInSeconds
  // (an hour). The embedded database is in-process: no answer is lost there.
  const heartbeatSeconds = database.pglite ? null : HEARTBEAT_SECONDS;
  for (const name of [ARTICLE_QUEUE, PUBLISH_QUEUE, REFRESH_QUEUE]) {
    const queue = await boss.getQueue(name);
    if (!queue) await boss.createQueue(name, { ...QUEUE_OPTIONS, ...(heartbeatSeconds ? { heartbeatSeconds } : {}) });
    else if ((queue.heartbeatSeconds ?? null) !== heartbeatSeconds) await boss.updateQueue(name, { heartbeatSeconds });
  }
  await boss.deleteJob(PUBLISH_QUEUE, NO_JOB);
  // Loads the queue into pg-boss's cache now: a cache miss inside a caller's transaction would wait
  // on that very transaction on the single-connection embedded database.
  await boss.deleteJob(ARTICLE_QUEUE, NO_JOB);
  await boss.deleteJob(REFRESH_QUEUE, NO_JOB);

  const poll = config.generation.jobPollSeconds;
  /** A job per item, a thousand to an insert, in the caller's transaction. */
  const insert = async (queue: string, tx: DbOrTx, jobs: { data: { itemId: number }; startAfter?: Date }[]) => {
    for (let i = 0; i < jobs.length; i += 1000) await boss.insert(queue, jobs.slice(i, i + 1000), { db: jobTransaction(fromDrizzle, tx) });
  };
  // Up to two jobs per fetch, handled at once (a worker holding two jobs no longer makes the second
  // wait for the first, so a small backlog runs in full); half as many workers keep the jobs in
  // flight at `concurrency`. A full batch makes the worker fetch again at once (burst), so a
  // backlog is worked without waiting for the poll. With one job per fetch each worker waited a poll
  // interval between jobs, capping a backlog at concurrency / JOB_POLL_SECONDS items a second
  // (`npm run bench -- publish`: 8 workers, 16 a second whatever the site's speed).
  const work = async (queue: string, concurrency: number, handle: (itemId: number) => Promise<unknown>) => {
    const batchSize = concurrency >= 2 ? 2 : 1;
    await boss.work<{ itemId: number }>(
      queue,
      {
        localConcurrency: Math.max(1, Math.floor(concurrency / batchSize)),
        batchSize,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: poll,
        notifyPollingIntervalSeconds: poll,
      },
      async (jobs: Job<{ itemId: number }>[]) => {
        const results = await Promise.allSettled(jobs.map((job) => handle(job.data.itemId)));
        const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failure) throw failure.reason;
      },
    );
  };
  let working = false;
  let publishing = false;
  let refreshing = false;
  return {
    async enqueueItems(tx, itemIds, options = {}) {
      const startAfter = options.startAfter ? { startAfter: options.startAfter } : {};
      await insert(
        ARTICLE_QUEUE,
        tx,
        itemIds.map((itemId) => ({ data: { itemId }, ...startAfter })),
      );
    },
    async work(concurrency, handle) {
      working = true;
      await work(ARTICLE_QUEUE, concurrency, handle);
    },
    async enqueuePublish(tx, items) {
      await insert(
        PUBLISH_QUEUE,
        tx,
        items.map(({ itemId, runAt }) => ({ data: { itemId }, startAfter: runAt })),
      );
    },
    async workPublish(concurrency, handle) {
      publishing = true;
      await work(PUBLISH_QUEUE, concurrency, handle);
    },
    async enqueueRefresh(tx, jobs) {
      for (let i = 0; i < jobs.length; i += 1000)
        await boss.insert(
          REFRESH_QUEUE,
          jobs.slice(i, i + 1000).map((data) => ({ data })),
          { db: jobTransaction(fromDrizzle, tx) },
        );
    },
    async workRefresh(concurrency, handle) {
      refreshing = true;
      await boss.work<RefreshJob>(
        REFRESH_QUEUE,
        { localConcurrency: Math.max(1, concurrency), batchSize: 1, pollingIntervalSeconds: poll, notifyPollingIntervalSeconds: poll },
        async ([job]: Job<RefreshJob>[]) => handle(job.data),
      );
    },
    async stopWorking() {
      if (working) await boss.offWork(ARTICLE_QUEUE, { wait: true });
      if (publishing) await boss.offWork(PUBLISH_QUEUE, { wait: true });
      if (refreshing) await boss.offWork(REFRESH_QUEUE, { wait: true });
      working = false;
      publishing = false;
      refreshing = false;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000, close: !database.pglite });
    },
  };
}
